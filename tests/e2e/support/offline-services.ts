/** Where the e2e server finds its loopback OSS Index (beside the server's own port). */
export const ossIndexPort = () => Number(process.env.E2E_PORT ?? 3990) + 1000
