import { pino, type Logger as PinoLogger } from 'pino'

export type Logger = PinoLogger

/** Structured JSON logs; anything that could carry a credential is redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.confirmPassword',
        '*.secret',
        '*.token',
        '*.key',
      ],
      censor: '[redacted]',
    },
  })
}
