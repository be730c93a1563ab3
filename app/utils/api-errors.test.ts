import { describe, expect, it } from 'vitest'
import { toastForFailedResponse } from './api-errors.ts'

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
