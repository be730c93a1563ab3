/** The route kit: what every server/api/routes/<family>.ts builds its operations from. */
export * from './access.ts'
export * from './conventions.ts'
export * from './csv.ts'
export * from './paging.ts'
export * from './params.ts'
export * from './responses.ts'
