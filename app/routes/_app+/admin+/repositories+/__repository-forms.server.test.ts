import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { REPOSITORY_PAGES } from '../../../../../common/repository-shapes.ts'
import { ADMIN_SECTIONS } from '~/utils/navigation.ts'
import {
  creatableTypes,
  createRepositorySchema,
  EditRepositorySchema,
  findRepositoryPage,
} from './__repository-forms.server.ts'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.set(key, value)
  return data
}

/** The field errors of a refused submission (none when it was accepted). */
const errorsOf = (submission: { status?: string; error?: unknown }) =>
  submission.status === 'error' ? (submission.error as Record<string, string[]>) : undefined

const npm = findRepositoryPage('npm')!
const github = findRepositoryPage('github')!
const UUID = '0b6f1a52-6d8e-4b5c-9b5e-3f2a1c4d5e6f'

describe('the Repositories pages', () => {
  it('are the thirteen 4.13 segments, each with its type', () => {
    expect(findRepositoryPage('python')?.type).toBe('PYPI')
    expect(findRepositoryPage('goModules')?.type).toBe('GO_MODULES')
    expect(findRepositoryPage('UNSUPPORTED')).toBeUndefined()
    expect(findRepositoryPage(undefined)).toBeUndefined()
  })

  it('are the pages of the administration menu, in its order', () => {
    const menu = ADMIN_SECTIONS.find((section) => section.path === 'repositories')!.pages
    expect(menu.map((page) => page.path)).toEqual(REPOSITORY_PAGES.map((page) => page.page))
  })

  it('offer the creatable types, plus the page type where it is not one of them', () => {
    expect(creatableTypes(npm)).toHaveLength(10)
    expect(creatableTypes(github)[0]).toBe('GITHUB')
    expect(creatableTypes(github)).toHaveLength(11)
  })
})

describe('Create repository', () => {
  const schema = createRepositorySchema(npm)

  it('reads a complete form: trimmed text, ticked switches', () => {
    const submission = parseWithZod(
      form({
        type: 'NPM',
        identifier: '  internal-npm ',
        url: 'https://npm.example.test/',
        internal: 'on',
        enabled: 'on',
      }),
      { schema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      type: 'NPM',
      identifier: 'internal-npm',
      url: 'https://npm.example.test/',
      internal: true,
      authenticationRequired: false,
      enabled: true,
    })
  })

  it('lists what is missing or wrong, field by field', () => {
    const submission = parseWithZod(form({ type: 'GITHUB', url: 'ftp://example.test' }), {
      schema,
    })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)).toMatchObject({
      type: ['repositories.validation.type'],
      identifier: ['validation.required'],
      url: ['repositories.validation.url'],
    })
  })

  it('needs a username and a password when authentication is required', () => {
    const submission = parseWithZod(
      form({
        type: 'NPM',
        identifier: 'private',
        url: 'https://npm.example.test/',
        authenticationRequired: 'on',
      }),
      { schema },
    )
    expect(errorsOf(submission)).toMatchObject({
      username: ['validation.required'],
      password: ['validation.required'],
    })
  })

  it('accepts GitHub on the GitHub page only', () => {
    const values = { type: 'GITHUB', identifier: 'ghe', url: 'https://github.example.test' }
    expect(parseWithZod(form(values), { schema: createRepositorySchema(github) }).status).toBe(
      'success',
    )
    expect(parseWithZod(form(values), { schema }).status).toBe('error')
  })
})

describe('Edit repository', () => {
  it('keeps the stored password when none is typed', () => {
    const submission = parseWithZod(
      form({
        uuid: UUID,
        identifier: 'private',
        url: 'https://npm.example.test/',
        authenticationRequired: 'on',
        username: 'ci',
      }),
      { schema: EditRepositorySchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value.password).toBeUndefined()
    expect(submission.value.username).toBe('ci')
  })

  it('still needs a username with authentication, and a URL', () => {
    const submission = parseWithZod(
      form({ uuid: UUID, identifier: 'private', url: '', authenticationRequired: 'on' }),
      { schema: EditRepositorySchema },
    )
    expect(errorsOf(submission)).toMatchObject({
      url: ['validation.required'],
      username: ['validation.required'],
    })
    expect(errorsOf(submission)?.password).toBeUndefined()
  })
})
