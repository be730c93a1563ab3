/** Small helpers for talking HTTP to the server under test, as an external client would. */
export function apiClient(baseUrl: string) {
  async function request(
    method: string,
    path: string,
    options: {
      token?: string
      apiKey?: string
      json?: unknown
      form?: Record<string, string>
      text?: string
      headers?: Record<string, string>
    } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    if (options.apiKey) headers['X-Api-Key'] = options.apiKey
    let body: string | undefined
    if (options.json !== undefined) {
      headers['Content-Type'] ??= 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.form) {
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.text !== undefined) {
      headers['Content-Type'] ??= 'text/plain'
      body = options.text
    }
    const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body })
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json: json as any }
  }

  async function login(username: string, password: string) {
    return request('POST', '/v1/user/login', { form: { username, password } })
  }

  /** Changes admin's initial password and returns a token with every permission. */
  async function adminToken(password = 'admin-password-1') {
    await request('POST', '/v1/user/forceChangePassword', {
      form: {
        username: 'admin',
        password: 'admin',
        newPassword: password,
        confirmPassword: password,
      },
    })
    const response = await login('admin', password)
    if (response.status !== 200)
      throw new Error(`admin login failed: ${response.status} ${response.text}`)
    return response.text
  }

  /** Waits until the work behind an event token (upload, analysis, clone …) has ended. */
  async function waitForToken(eventToken: string, bearer: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const response = await request('GET', `/v1/event/token/${eventToken}`, { token: bearer })
      if (response.status !== 200) throw new Error(`token: ${response.status} ${response.text}`)
      if (response.json.processing === false) return
      if (Date.now() > deadline) throw new Error(`token ${eventToken} still processing`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  return { request, login, adminToken, waitForToken }
}
