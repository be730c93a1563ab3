/**
 * The lookup address `/projects/:uuid/dependencyGraph/:componentUuids` (uuids split by `|`).
 * The parent route reads the parameter and draws only the paths to those components.
 */
export default function DependencyGraphLookup() {
  return null
}
