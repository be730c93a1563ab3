import { DEFAULT_RISK_WEIGHTS, type RiskWeights } from '../../../common/metrics-shapes.ts'
import { listConfigProperties } from '../../data/config-properties.ts'
import type { Queryable } from '../../db/database.ts'

/**
 * Beyond 4.13 (DT#2475): the weights of the inherited risk score are config properties
 * `risk-score/weight.<bucket>` (INTEGER, 4.13's 10/5/3/1/5 by default).
 */
export const RISK_WEIGHT_GROUP = 'risk-score'

const BUCKETS = Object.keys(DEFAULT_RISK_WEIGHTS) as Array<keyof RiskWeights>

/** The weights from the stored properties; a missing or unreadable one keeps its default. */
export function weightsFrom(
  properties: ReadonlyArray<{
    group_name: string
    property_name: string
    property_value: string | null
  }>,
): RiskWeights {
  const weights: RiskWeights = { ...DEFAULT_RISK_WEIGHTS }
  for (const property of properties) {
    if (property.group_name !== RISK_WEIGHT_GROUP) continue
    const bucket = property.property_name.replace(/^weight\./, '') as keyof RiskWeights
    const value = Number(property.property_value)
    if (BUCKETS.includes(bucket) && Number.isInteger(value) && value >= 0) weights[bucket] = value
  }
  return weights
}

export async function readRiskWeights(db: Queryable): Promise<RiskWeights> {
  return weightsFrom(await listConfigProperties(db))
}

/** Whether a changed config property is one of the weights (a change recomputes every metric). */
export const isRiskWeight = (key: { groupName: string; propertyName: string }) =>
  key.groupName === RISK_WEIGHT_GROUP &&
  BUCKETS.some((bucket) => key.propertyName === `weight.${bucket}`)
