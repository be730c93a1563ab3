import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import {
  LicenseFormSchema,
  LicenseListParamsSchema,
  licenseInputFrom,
} from './__licenses.server.ts'

const parseList = (query: string) =>
  parseListParams(LicenseListParamsSchema, new URLSearchParams(query))

function submit(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return parseWithZod(form, { schema: LicenseFormSchema })
}

/** The field errors of a submission, undefined when it is valid. */
function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields)
  return submission.status === 'success' ? undefined : submission.error
}

describe('LicenseListParamsSchema', () => {
  it('sorts by name, SPDX id or a flag only, and falls back to the defaults', () => {
    expect(
      parseList('sortName=licenseId&sortOrder=desc&page=3&searchText=%20gpl%20'),
    ).toMatchObject({
      sortName: 'licenseId',
      sortOrder: 'desc',
      page: 3,
      searchText: 'gpl',
      pageSize: 10,
    })
    expect(parseList('sortName=customLicense&sortOrder=desc').sortName).toBe('customLicense')
    expect(parseList('sortName=licenseText&page=-2&pageSize=7')).toMatchObject({
      sortName: undefined,
      page: 1,
      pageSize: 10,
    })
  })
})

describe('LicenseFormSchema', () => {
  it('needs a name and an id, and says so per field', () => {
    expect(errorsOf({ name: '  ', licenseId: '' })).toMatchObject({
      name: ['validation.required'],
      licenseId: ['validation.required'],
    })
  })

  it('takes only the characters 4.13 allows in a license id', () => {
    for (const licenseId of [
      'Acme-1.0+',
      'LicenseRef-acme_2',
      'GPL-2.0-with-classpath-exception',
    ]) {
      expect(submit({ name: 'Acme', licenseId }).status).toBe('success')
    }
    for (const licenseId of ['Acme License', 'acme/1', 'ä-1']) {
      expect(errorsOf({ name: 'Acme', licenseId })).toMatchObject({
        licenseId: ['licenses.validation.licenseId'],
      })
    }
  })

  it('reads the flags as checkboxes and see-also as one web address per line', () => {
    const submission = submit({
      name: 'Acme Public License',
      licenseId: 'Acme-1.0',
      isOsiApproved: 'on',
      seeAlso: 'https://acme.example/license\r\n\n  http://mirror.example/apl  \n',
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({
      isOsiApproved: true,
      isFsfLibre: false,
      isDeprecatedLicenseId: false,
      seeAlso: ['https://acme.example/license', 'http://mirror.example/apl'],
    })
  })

  it('refuses see-also lines that are not web addresses', () => {
    expect(
      errorsOf({ name: 'A', licenseId: 'A', seeAlso: 'https://ok.example\nftp://x' }),
    ).toMatchObject({ seeAlso: ['licenses.validation.seeAlso'] })
  })

  it('refuses names and ids over 255 characters', () => {
    const long = 'a'.repeat(256)
    expect(errorsOf({ name: long, licenseId: long })).toMatchObject({
      name: ['licenses.validation.tooLong'],
      licenseId: ['licenses.validation.tooLong'],
    })
  })
})

describe('licenseInputFrom', () => {
  it('sends what was filled in, the text as written, and leaves empty parts out', () => {
    const submission = submit({
      name: ' Acme ',
      licenseId: 'Acme-1.0',
      licenseText: '  Permission is granted…\n\n  Indented.\n',
      licenseComments: '   ',
      isFsfLibre: 'on',
    })
    if (submission.status !== 'success') throw new Error('expected a valid form')
    expect(licenseInputFrom(submission.value)).toEqual({
      name: 'Acme',
      licenseId: 'Acme-1.0',
      licenseText: '  Permission is granted…\n\n  Indented.\n',
      isOsiApproved: false,
      isFsfLibre: true,
      isDeprecatedLicenseId: false,
    })
  })
})
