import { describe, expect, it } from 'vitest'
import { translations } from '~/locales/resources.server.ts'
import {
  SERVER_MESSAGE_TRANSLATION_KEYS,
  serverMessageKey,
  serverMessageLines,
  toastForFailedResponse,
  translateServerMessage,
} from './api-errors.ts'

const t = (key: string) => `t:${key}`

describe('toastForFailedResponse', () => {
  it('shows problem details as a warning with title and detail', () => {
    const toast = toastForFailedResponse(
      {
        status: 400,
        statusText: 'Bad Request',
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 400,
          title: 'The uploaded BOM is invalid',
          detail: 'Schema says no',
        }),
      },
      t,
    )
    expect(toast).toEqual({
      type: 'warning',
      title: 'The uploaded BOM is invalid',
      description: 'Schema says no',
    })
  })

  it('lists each path and message of a validation failure', () => {
    const toast = toastForFailedResponse(
      {
        status: 400,
        statusText: 'Bad Request',
        contentType: 'application/json',
        body: JSON.stringify([
          { message: 'must not be blank', messageTemplate: '', path: 'name', invalidValue: '' },
          { message: 'size must be between 1 and 255', messageTemplate: '', path: 'version' },
        ]),
      },
      t,
    )
    expect(toast).toEqual({
      type: 'warning',
      title: 't:errors.requestValidationFailed',
      description: 'name: must not be blank\nversion: size must be between 1 and 255',
    })
  })

  it('shows other client errors as an HTTP request error with status text and code', () => {
    expect(
      toastForFailedResponse(
        { status: 409, statusText: 'Conflict', contentType: 'text/plain', body: 'duplicate' },
        t,
      ),
    ).toEqual({ type: 'error', title: 't:errors.httpRequestError', description: 'Conflict (409)' })
  })

  it('fills in a missing status text', () => {
    expect(
      toastForFailedResponse({ status: 404, statusText: '', contentType: null, body: '' }, t)
        .description,
    ).toBe('Not Found (404)')
  })

  it('shows 5xx as a server error, whatever the body', () => {
    expect(
      toastForFailedResponse(
        {
          status: 500,
          statusText: 'Internal Server Error',
          contentType: 'application/problem+json',
          body: '{"title":"x"}',
        },
        t,
      ),
    ).toEqual({
      type: 'error',
      title: 't:errors.serverError',
      description: 'Internal Server Error (500)',
    })
  })
})

describe('server messages', () => {
  it('translates a known sentence of the API', () => {
    expect(
      translateServerMessage('A project with the specified name and version already exists.', t),
    ).toBe('t:projectDetails.errors.duplicate')
    expect(translateServerMessage('The uploaded BOM is invalid', t)).toBe(
      't:apiMessages.bomInvalid',
    )
  })

  it('recognises sentences with values in them', () => {
    expect(serverMessageKey('The tag(s) a,b could not be deleted')).toBe(
      'apiMessages.tagOperationFailed',
    )
    expect(
      serverMessageKey(
        'The team with UUID 1 can not be assigned because it does not exist, or is not accessible to the authenticated principal.',
      ),
    ).toBe('apiMessages.teamNotAssignable')
  })

  it('leaves text it does not know as it is, for display of the console’s own strings', () => {
    expect(translateServerMessage('Projekt angelegt', t)).toBe('Projekt angelegt')
  })

  it('shows an unknown sentence after a translated refusal, so nothing is lost', () => {
    expect(serverMessageLines('The moon is in the way.', t)).toEqual([
      't:apiMessages.refused',
      'The moon is in the way.',
    ])
    expect(serverMessageLines('  The project could not be found.\n', t)).toEqual([
      't:projectDetails.errors.notFound',
    ])
    expect(serverMessageLines('', t)).toEqual(['t:apiMessages.refused'])
  })

  it('toasts a known plain-text refusal with its translation', () => {
    expect(
      toastForFailedResponse(
        {
          status: 400,
          statusText: 'Bad Request',
          contentType: 'text/plain; charset=utf-8',
          body: 'Collection project cannot contain components.',
        },
        t,
      ),
    ).toEqual({
      type: 'warning',
      title: 't:apiMessages.collectionNoComponents',
      description: 'Bad Request (400)',
    })
  })

  it('has a translation key for every sentence the API server writes', async () => {
    const { readFileSync, readdirSync } = await import('node:fs')
    const { join } = await import('node:path')
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
            ? [join(dir, entry.name)]
            : [],
      )
    const sentences = sources('server/domain')
      .concat(sources('server/api'))
      .flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /(?:textError|conflict)\(\s*(?:\d+,\s*)?'([^']+)'\s*\)/g,
          ),
        ].map((match) => match[1]!),
      )
    expect(sentences.length).toBeGreaterThan(20)
    const portfolio = sentences.filter((sentence) =>
      /project|component|service|BOM|propert/i.test(sentence),
    )
    expect(portfolio.filter((sentence) => !serverMessageKey(sentence))).toEqual([])
  })

  it('translates into keys every language has', () => {
    for (const [language, strings] of Object.entries(translations)) {
      const missing = SERVER_MESSAGE_TRANSLATION_KEYS.filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], strings)
        return typeof value !== 'string' || value === ''
      })
      expect(missing, language).toEqual([])
    }
  })

  it('toasts an unknown problem under a translated refusal, keeping its title and detail', () => {
    expect(
      toastForFailedResponse(
        {
          status: 400,
          statusText: 'Bad Request',
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 400, title: 'Moon in the way', detail: 'Try later' }),
        },
        t,
      ),
    ).toEqual({
      type: 'warning',
      title: 't:apiMessages.refused',
      description: 'Moon in the way\nTry later',
    })
  })
})
