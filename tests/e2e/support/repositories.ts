import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { apiFor } from './api.ts'

export const repositoriesPage = (page: string) => `/admin/repositories/${page}`

export const uniqueIdentifier = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

export interface StoredRepository {
  uuid: string
  identifier: string
  url: string
  internal?: boolean
  authenticationRequired?: boolean
  username?: string
  enabled: boolean
  resolutionOrder: number
  [field: string]: unknown
}

/** One type's repositories as the API holds them (read as the administrator). */
export async function storedRepositories(baseUrl: string, type: string) {
  const token = await apiFor(baseUrl).adminToken()
  const response = await fetch(`${baseUrl}/api/v1/repository/${type}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return (await response.json()) as StoredRepository[]
}

export async function storedRepository(baseUrl: string, type: string, identifier: string) {
  return (await storedRepositories(baseUrl, type)).find((row) => row.identifier === identifier)
}

/** A repository's row in the table (not the editor row under it). */
export const repositoryRow = (page: Page, identifier: string) =>
  page
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: identifier, exact: true }) })
