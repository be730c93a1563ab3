import { startFakeOssIndex } from '../../support/fakes/ossindex.ts'
import { ADMIN_PASSWORD, apiFor } from './api.ts'
import { ossIndexPort } from './offline-services.ts'

/**
 * The shared server's admin gets a known password; tests create their own users from there.
 * OSS Index (on by default) is a loopback one answering "no vulnerabilities", stopped at the end.
 */
export default async function globalSetup() {
  const ossIndex = await startFakeOssIndex(ossIndexPort())
  const api = apiFor(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3990}`)
  const response = await api.post('/api/v1/user/forceChangePassword', {
    form: {
      username: 'admin',
      password: 'admin',
      newPassword: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
    },
  })
  if (response.status !== 200 && response.status !== 401) {
    throw new Error(`Could not set the admin password: ${response.status}`)
  }
  return () => ossIndex.close()
}
