/**
 * Structural check of an SPDX license expression: identifiers joined by AND / OR / WITH with
 * balanced parentheses. Identifiers are not checked against the SPDX list, so LicenseRef-… and
 * licenses unknown to this server are accepted, as Dependency-Track does.
 */
export function isValidSpdxExpression(expression: string): boolean {
  const tokens = expression.match(/\(|\)|[^\s()]+/g)
  if (!tokens) return false
  let position = 0
  const peek = () => tokens[position]
  const isOperator = (token: string | undefined, name?: string) =>
    token !== undefined &&
    (name ? token.toUpperCase() === name : ['AND', 'OR', 'WITH'].includes(token.toUpperCase()))
  const isIdentifier = (token: string | undefined) =>
    token !== undefined && !isOperator(token) && /^[A-Za-z0-9.+:-]+$/.test(token)

  function factor(): boolean {
    if (peek() === '(') {
      position++
      if (!expressionList()) return false
      if (peek() !== ')') return false
      position++
      return true
    }
    if (!isIdentifier(peek())) return false
    position++
    if (isOperator(peek(), 'WITH')) {
      position++
      if (!isIdentifier(peek())) return false
      position++
    }
    return true
  }

  function term(): boolean {
    if (!factor()) return false
    while (isOperator(peek(), 'AND')) {
      position++
      if (!factor()) return false
    }
    return true
  }

  function expressionList(): boolean {
    if (!term()) return false
    while (isOperator(peek(), 'OR')) {
      position++
      if (!term()) return false
    }
    return true
  }

  return expressionList() && position === tokens.length
}
