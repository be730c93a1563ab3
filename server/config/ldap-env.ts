import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value))

/**
 * Directory sign-in settings, named as Dependency-Track's container reads Alpine's `alpine.ldap.*`
 * properties (ALPINE_LDAP_*), with 4.13's shipped defaults (an Active Directory layout). The
 * LOOKOUT_LDAP_* settings are Lookout's additions (TLS, timeouts, caching, memberOf).
 */
export const LdapEnvSchema = {
  ALPINE_LDAP_ENABLED: flag.default(false),
  ALPINE_LDAP_SERVER_URL: z
    .string()
    .regex(/^ldaps?:\/\/[^\s/]+\/?$/i, 'Use ldap://host:port or ldaps://host:port')
    .default('ldap://ldap.example.com:389'),
  ALPINE_LDAP_BASEDN: z.string().default('dc=example,dc=com'),
  ALPINE_LDAP_SECURITY_AUTH: z.enum(['simple', 'none']).default('simple'),
  ALPINE_LDAP_BIND_USERNAME: z.string().optional(),
  ALPINE_LDAP_BIND_PASSWORD: z.string().optional(),
  /** As Alpine's `alpine.ldap.bind.password.file`: the password is read from this file. */
  ALPINE_LDAP_BIND_PASSWORD_FILE: z.string().optional(),
  ALPINE_LDAP_AUTH_USERNAME_FORMAT: z.string().default('%s@example.com'),
  ALPINE_LDAP_ATTRIBUTE_NAME: z.string().default('userPrincipalName'),
  ALPINE_LDAP_ATTRIBUTE_MAIL: z.string().default('mail'),
  ALPINE_LDAP_GROUPS_FILTER: z.string().default('(&(objectClass=group)(objectCategory=Group))'),
  ALPINE_LDAP_USER_GROUPS_FILTER: z.string().default('(member:1.2.840.113556.1.4.1941:={USER_DN})'),
  ALPINE_LDAP_GROUPS_SEARCH_FILTER: z
    .string()
    .default('(&(objectClass=group)(objectCategory=Group)(cn=*{SEARCH_TERM}*))'),
  ALPINE_LDAP_USERS_SEARCH_FILTER: z
    .string()
    .default('(&(objectClass=user)(objectCategory=Person)(cn=*{SEARCH_TERM}*))'),
  ALPINE_LDAP_USER_PROVISIONING: flag.default(false),
  ALPINE_LDAP_TEAM_SYNCHRONIZATION: flag.default(false),
  LOOKOUT_LDAP_STARTTLS: flag.default(false),
  /** PEM file with the certificate authorities that may sign the directory's certificate. */
  LOOKOUT_LDAP_TLS_CA_FILE: z.string().optional(),
  /** Alpine trusts any certificate on ldaps://; Lookout verifies unless this is false. */
  LOOKOUT_LDAP_TLS_VERIFY: flag.default(true),
  LOOKOUT_LDAP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LOOKOUT_LDAP_GROUPS_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Largest group search the console may page through; more matches answer 204 as 4.13 does. */
  LOOKOUT_LDAP_GROUPS_SIZE_LIMIT: z.coerce.number().int().min(1).default(1000),
  /** Off: the periodic sync of every LDAP user does not run (tests); per-user syncs still do. */
  LOOKOUT_LDAP_SYNC_SCHEDULE: flag.default(true),
  /** Read a user's groups from this attribute of their entry (memberOf) instead of a search. */
  LOOKOUT_LDAP_USER_GROUPS_ATTRIBUTE: z.string().optional(),
}
