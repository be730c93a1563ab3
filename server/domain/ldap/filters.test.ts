import { describe, expect, it } from 'vitest'
import {
  escapeFilterValue,
  formatPrincipal,
  parenthesized,
  userFilter,
  withSearchTerm,
  withUser,
} from './filters.ts'

describe('LDAP filter building', () => {
  it('escapes the five characters RFC 4515 reserves, and nothing else', () => {
    expect(escapeFilterValue('a*b(c)d\\e\0f')).toBe('a\\2ab\\28c\\29d\\5ce\\00f')
    expect(escapeFilterValue('Zoë Ünal, R&D = #1')).toBe('Zoë Ünal, R&D = #1')
  })

  it('keeps a typed username from widening or closing the user filter', () => {
    expect(userFilter('uid', '%s', '*')).toBe('(uid=\\2a)')
    expect(userFilter('uid', '%s', 'x)(|(uid=*')).toBe('(uid=x\\29\\28|\\28uid=\\2a)')
    expect(userFilter('userPrincipalName', '%s@example.com', 'alice')).toBe(
      '(userPrincipalName=alice@example.com)',
    )
  })

  it('formats the principal as Java String.format does with one argument', () => {
    expect(formatPrincipal('%s@corp.example', 'bob')).toBe('bob@corp.example')
    expect(formatPrincipal('CORP\\%s', 'bob')).toBe('CORP\\bob')
    expect(formatPrincipal('100%% %s', 'bob')).toBe('100% bob')
    expect(formatPrincipal('', 'bob')).toBe('bob')
  })

  it('puts an escaped search term into every {SEARCH_TERM}', () => {
    const filter = '(&(objectClass=groupOfUniqueNames)(|(cn=*{SEARCH_TERM}*)(ou={SEARCH_TERM})))'
    expect(withSearchTerm(filter, 'R&D (Paris)')).toBe(
      '(&(objectClass=groupOfUniqueNames)(|(cn=*R&D \\28Paris\\29*)(ou=R&D \\28Paris\\29)))',
    )
    expect(withSearchTerm(filter, '*')).toContain('(cn=*\\2a*)')
    expect(withSearchTerm('(cn=*{SEARCH_TERM}*)', undefined)).toBe('(cn=**)')
  })

  it('substitutes the user DN into Active Directory and OpenLDAP user-groups filters', () => {
    const user = { dn: 'cn=Smith\\, Jo (ext),ou=people,dc=example,dc=com', username: 'jo*' }
    expect(withUser('(member:1.2.840.113556.1.4.1941:={USER_DN})', user)).toBe(
      '(member:1.2.840.113556.1.4.1941:=cn=Smith\\5c, Jo \\28ext\\29,ou=people,dc=example,dc=com)',
    )
    expect(withUser('(&(objectClass=posixGroup)(memberUid={USERNAME}))', user)).toBe(
      '(&(objectClass=posixGroup)(memberUid=jo\\2a))',
    )
  })

  it('adds the outer parentheses a configured filter may leave out', () => {
    expect(parenthesized('objectClass=group')).toBe('(objectClass=group)')
    expect(parenthesized(' (objectClass=group) ')).toBe('(objectClass=group)')
  })
})
