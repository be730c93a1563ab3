import * as store from '../../data/vulnerabilities.ts'
import type { Queryable } from '../../db/database.ts'
import type { Principal } from '../auth/principal.ts'
import { COMPONENT_MESSAGES, loadAccessibleComponent } from '../components/access.ts'
import { vulnerabilityByRef } from './queries.ts'

export type VulnerabilityRef = { uuid: string } | { source: string; vulnId: string }

/**
 * The assignment endpoints: a manual finding (analyzer identity NONE) of a vulnerability on a
 * component, added or removed. The vulnerability is looked up first, then the component and
 * its project's ACL, as 4.13 does.
 */
export async function assignVulnerability(
  db: Queryable,
  principal: Principal | undefined,
  ref: VulnerabilityRef,
  componentUuid: string,
  assigned: boolean,
) {
  const vulnerability = await vulnerabilityByRef(db, ref)
  const component = await loadAccessibleComponent(db, principal, componentUuid, COMPONENT_MESSAGES)
  if (assigned) await store.insertManualFinding(db, component, vulnerability.id)
  else await store.deleteFinding(db, component.id, vulnerability.id)
}
