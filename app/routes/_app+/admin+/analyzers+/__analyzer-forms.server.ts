import { z } from 'zod'
import { HIDDEN_SECRET } from '~/api/config-properties.server.ts'
import { checkbox, text, tick, url, type FormValues } from '~/utils/settings-form.ts'
import { SNYK_CVSS_SOURCES } from './__analyzer-options.ts'

/**
 * The Analyzers pages' forms (dt-screens §19.2). Secrets are never sent to the browser: their
 * fields start empty, an empty field keeps the stored secret, and "required" counts a stored one.
 * Each schema takes which secrets are stored, so the server checks again what the page checks.
 * (The API, as 4.13's, shows its placeholder for every secret property, set or not, so a secret
 * counts as stored once its property exists.)
 */
type Settings = Record<string, string>

const isStored = (settings: Settings, name: string) => settings[name] !== undefined
/** The value to save for a secret field: what was typed, else the stored one unchanged. */
const secretValue = (typed: string, stored: boolean) => typed || (stored ? HIDDEN_SECRET : null)
const required = (value: string, stored = false) => value !== '' || stored

// ---- Internal --------------------------------------------------------------------------------

export const InternalFormSchema = z.object({
  enabled: checkbox,
  fuzzy: checkbox,
  fuzzyPurl: checkbox,
  fuzzyInternal: checkbox,
})

/** 4.13 stores the two "on components that …" switches inverted, and off while fuzzy is off. */
export const internalSettings = (value: z.infer<typeof InternalFormSchema>) => ({
  'internal.enabled': value.enabled,
  'internal.fuzzy.enabled': value.fuzzy,
  'internal.fuzzy.exclude.purl': !value.fuzzy || !value.fuzzyPurl,
  'internal.fuzzy.exclude.internal': !value.fuzzy || !value.fuzzyInternal,
})

export function internalFormValues(settings: Settings): FormValues {
  const fuzzy = settings['internal.fuzzy.enabled'] === 'true'
  return {
    enabled: tick(settings['internal.enabled'], true),
    fuzzy: tick(settings['internal.fuzzy.enabled']),
    fuzzyPurl: tick(String(fuzzy && settings['internal.fuzzy.exclude.purl'] === 'false')),
    fuzzyInternal: tick(String(fuzzy && settings['internal.fuzzy.exclude.internal'] === 'false')),
  }
}

// ---- Sonatype OSS Index ----------------------------------------------------------------------

export const ossStored = (settings: Settings) => ({
  token: isStored(settings, 'ossindex.api.token'),
})

export const ossFormSchema = (_stored: { token: boolean }) =>
  z.object({
    enabled: checkbox,
    aliasSync: checkbox,
    username: text.refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'validation.email',
    ),
    token: text,
  })

export const ossSettings = (
  value: z.infer<ReturnType<typeof ossFormSchema>>,
  stored: { token: boolean },
) => ({
  'ossindex.enabled': value.enabled,
  // The switch is greyed out while the analyzer is off: what is stored stays.
  'ossindex.alias.sync.enabled': value.enabled ? value.aliasSync : undefined,
  'ossindex.api.username': value.username,
  'ossindex.api.token': secretValue(value.token, stored.token),
})

export const ossFormValues = (settings: Settings): FormValues => ({
  enabled: tick(settings['ossindex.enabled'], true),
  aliasSync: tick(settings['ossindex.alias.sync.enabled'], true),
  username: settings['ossindex.api.username'] ?? '',
  token: '',
})

// ---- VulnDB ----------------------------------------------------------------------------------

const VULNDB_SECRET = 'vulndb.api.oath1.consumerSecret'
export const vulnDbStored = (settings: Settings) => ({ secret: isStored(settings, VULNDB_SECRET) })

export const vulnDbFormSchema = (stored: { secret: boolean }) =>
  z
    .object({ enabled: checkbox, consumerKey: text, consumerSecret: text })
    .refine((value) => !value.enabled || required(value.consumerKey), {
      path: ['consumerKey'],
      message: 'validation.required',
    })
    .refine((value) => !value.enabled || required(value.consumerSecret, stored.secret), {
      path: ['consumerSecret'],
      message: 'validation.required',
    })

export const vulnDbSettings = (
  value: z.infer<ReturnType<typeof vulnDbFormSchema>>,
  stored: { secret: boolean },
) => ({
  'vulndb.enabled': value.enabled,
  'vulndb.api.oauth1.consumerKey': value.consumerKey,
  [VULNDB_SECRET]: secretValue(value.consumerSecret, stored.secret),
})

export const vulnDbFormValues = (settings: Settings): FormValues => ({
  enabled: tick(settings['vulndb.enabled']),
  consumerKey: settings['vulndb.api.oauth1.consumerKey'] ?? '',
  consumerSecret: '',
})

// ---- Snyk ------------------------------------------------------------------------------------

export const snykStored = (settings: Settings) => ({ token: isStored(settings, 'snyk.api.token') })

export const snykFormSchema = (stored: { token: boolean }) =>
  z
    .object({
      enabled: checkbox,
      aliasSync: checkbox,
      baseUrl: url,
      orgId: text,
      token: text,
      apiVersion: text,
      cvssSource: z.enum(SNYK_CVSS_SOURCES).default('NVD'),
    })
    .refine((value) => required(value.baseUrl), {
      path: ['baseUrl'],
      message: 'validation.required',
    })
    .refine((value) => required(value.orgId), { path: ['orgId'], message: 'validation.required' })
    .refine((value) => required(value.token, stored.token), {
      path: ['token'],
      message: 'validation.required',
    })
    .refine((value) => required(value.apiVersion), {
      path: ['apiVersion'],
      message: 'validation.required',
    })

export const snykSettings = (
  value: z.infer<ReturnType<typeof snykFormSchema>>,
  stored: { token: boolean },
) => ({
  'snyk.enabled': value.enabled,
  'snyk.alias.sync.enabled': value.aliasSync,
  'snyk.base.url': value.baseUrl,
  'snyk.org.id': value.orgId,
  'snyk.api.token': secretValue(value.token, stored.token),
  'snyk.api.version': value.apiVersion,
  'snyk.cvss.source': value.cvssSource,
})

export const snykFormValues = (settings: Settings): FormValues => ({
  enabled: tick(settings['snyk.enabled']),
  aliasSync: tick(settings['snyk.alias.sync.enabled']),
  baseUrl: settings['snyk.base.url'] ?? '',
  orgId: settings['snyk.org.id'] ?? '',
  token: '',
  apiVersion: settings['snyk.api.version'] ?? '',
  cvssSource: settings['snyk.cvss.source'] === 'SNYK' ? 'SNYK' : 'NVD',
})

// ---- Trivy -----------------------------------------------------------------------------------

export const trivyStored = (settings: Settings) => ({
  token: isStored(settings, 'trivy.api.token'),
})

export const trivyFormSchema = (stored: { token: boolean }) =>
  z
    .object({
      enabled: checkbox,
      baseUrl: url,
      token: text,
      ignoreUnfixed: checkbox,
      scanLibrary: checkbox,
      scanOs: checkbox,
    })
    .refine((value) => required(value.baseUrl), {
      path: ['baseUrl'],
      message: 'validation.required',
    })
    .refine((value) => required(value.token, stored.token), {
      path: ['token'],
      message: 'validation.required',
    })

export const trivySettings = (
  value: z.infer<ReturnType<typeof trivyFormSchema>>,
  stored: { token: boolean },
) => ({
  'trivy.enabled': value.enabled,
  'trivy.base.url': value.baseUrl,
  'trivy.api.token': secretValue(value.token, stored.token),
  'trivy.ignore.unfixed': value.ignoreUnfixed,
  'trivy.scanner.scanLibrary': value.scanLibrary,
  'trivy.scanner.scanOs': value.scanOs,
})

export const trivyFormValues = (settings: Settings): FormValues => ({
  enabled: tick(settings['trivy.enabled']),
  baseUrl: settings['trivy.base.url'] ?? '',
  token: '',
  ignoreUnfixed: tick(settings['trivy.ignore.unfixed']),
  scanLibrary: tick(settings['trivy.scanner.scanLibrary'], true),
  scanOs: tick(settings['trivy.scanner.scanOs'], true),
})
