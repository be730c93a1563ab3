import parseSpdx from 'spdx-expression-parse'

/**
 * License expressions as the LICENSE and LICENSE_GROUP conditions read them (dt-behaviour §3.3):
 * parsed with spdx-expression-parse, `X WITH Y` standing for the license id `X-with-Y`, `X+` for
 * X or else `X-or-later`, each id resolved when the catalogue has a license with that licenseId.
 */
export interface LicenseTerm {
  license: string
  plus?: boolean
  exception?: string
}

export type LicenseExpression =
  LicenseTerm | { conjunction: 'and' | 'or'; left: LicenseExpression; right: LicenseExpression }

/** A parsed expression with every term replaced by the catalogue's licenseId, or null (unresolved). */
export type ResolvedLicense =
  | { id: string | null }
  | { conjunction: 'and' | 'or'; left: ResolvedLicense; right: ResolvedLicense }

const PLACEHOLDER = 'LicenseRef-lookout-term-'
const TOKENS = /\(|\)|[^\s()]+/g

/**
 * spdx-expression-parse knows only SPDX ids; components created through the API (and custom
 * licenses) use others. Those expressions are parsed with every term standing in as a
 * LicenseRef, so the package still decides precedence and parentheses.
 */
function parseLenient(text: string): LicenseExpression | null {
  const terms: LicenseTerm[] = []
  const out: string[] = []
  const tokens = text.match(TOKENS) ?? []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token === '(' || token === ')') out.push(token)
    else if (/^(and|or)$/i.test(token)) out.push(token.toUpperCase())
    else if (/^with$/i.test(token)) {
      const exception = tokens[++i]
      const last = out.at(-1)
      if (!exception || !last?.startsWith(PLACEHOLDER) || /^[()]$/.test(exception)) return null
      terms.at(-1)!.exception = exception
    } else {
      const plus = token.length > 1 && token.endsWith('+')
      terms.push(plus ? { license: token.slice(0, -1), plus } : { license: token })
      out.push(`${PLACEHOLDER}${terms.length - 1}`)
    }
  }
  let parsed: parseSpdx.Info
  try {
    parsed = parseSpdx(out.join(' '))
  } catch {
    return null
  }
  const restore = (node: parseSpdx.Info): LicenseExpression =>
    'conjunction' in node
      ? { conjunction: node.conjunction, left: restore(node.left), right: restore(node.right) }
      : terms[Number(node.license.slice(PLACEHOLDER.length))]!
  return restore(parsed)
}

function fromSpdx(node: parseSpdx.Info): LicenseExpression {
  if ('conjunction' in node) {
    return { conjunction: node.conjunction, left: fromSpdx(node.left), right: fromSpdx(node.right) }
  }
  const term: LicenseTerm = { license: node.license }
  if (node.plus) term.plus = true
  if (node.exception) term.exception = node.exception
  return term
}

/**
 * The expression's tree, or null when it is not an expression at all. `spdxOnly` accepts SPDX
 * license ids only, for free text that may merely look like an expression (`GPL-2.0 or later`).
 */
export function parseLicenseExpression(text: string, spdxOnly = false): LicenseExpression | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  try {
    return fromSpdx(parseSpdx(trimmed))
  } catch {
    return spdxOnly ? null : parseLenient(trimmed)
  }
}

/** The licenseIds a term may stand for, in the order they are tried. */
export function termCandidates(term: LicenseTerm): string[] {
  if (term.exception) return [`${term.license}-with-${term.exception}`]
  if (term.plus) return [term.license, `${term.license}-or-later`]
  return [term.license]
}

export function expressionTerms(expression: LicenseExpression): LicenseTerm[] {
  return 'conjunction' in expression
    ? [...expressionTerms(expression.left), ...expressionTerms(expression.right)]
    : [expression]
}

/** Replaces every term by the first of its candidates the catalogue has. */
export function resolveExpression(
  expression: LicenseExpression,
  catalogue: ReadonlySet<string>,
): ResolvedLicense {
  if ('conjunction' in expression) {
    return {
      conjunction: expression.conjunction,
      left: resolveExpression(expression.left, catalogue),
      right: resolveExpression(expression.right, catalogue),
    }
  }
  return { id: termCandidates(expression).find((id) => catalogue.has(id)) ?? null }
}

/** Whether the licensing may be used: OR when either side may, AND when both may. */
export function licenseMayBeUsed(
  license: ResolvedLicense,
  allowed: (licenseId: string | null) => boolean,
): boolean {
  if (!('conjunction' in license)) return allowed(license.id)
  return license.conjunction === 'or'
    ? licenseMayBeUsed(license.left, allowed) || licenseMayBeUsed(license.right, allowed)
    : licenseMayBeUsed(license.left, allowed) && licenseMayBeUsed(license.right, allowed)
}
