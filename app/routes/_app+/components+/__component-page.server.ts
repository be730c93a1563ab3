import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  createComponentProperty,
  deleteComponent,
  deleteComponentProperty,
  getComponent,
  updateComponent,
  type ComponentDetail,
} from '~/api/components.server.ts'
import {
  componentMetricsCurrent,
  componentMetricsHistory,
  refreshMetrics,
} from '~/api/project-metrics.server.ts'
import { parseDashboardParams } from '~/components/dashboard/model.ts'
import { REFRESH_INTENT } from '~/components/metrics/metrics-controls.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { refreshAndReturn } from '~/utils/metrics-refresh.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  COMPONENT_FIELDS,
  ComponentFormSchema,
  failedSubmission,
  PROPERTY_FIELDS,
  PropertyFormSchema,
} from './__component-form.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

export const DIALOGS = ['details', 'properties', 'createProperty', 'delete'] as const
export type DialogName = (typeof DIALOGS)[number]

/** "group ▸ name ▸ version", as the 4.13 header and page title read. */
export function componentLabel(component: { group?: string; name: string; version?: string }) {
  return [component.group, component.name, component.version].filter(Boolean).join(' ▸ ')
}

const DAY = 86_400_000

/** The component's current metrics and its history over the range the address asks for. */
export async function componentMetrics(api: ApiClient, uuid: string, search: URLSearchParams) {
  const { days } = parseDashboardParams(search)
  const none = (error: unknown) => {
    // The page's own read has already answered for a missing or forbidden component.
    if (error instanceof ApiError && [403, 404].includes(error.status)) return undefined
    throw error
  }
  const [current, rows] = await Promise.all([
    componentMetricsCurrent(api, uuid).catch(none),
    componentMetricsHistory(api, uuid, days).catch(none),
  ])
  return { latest: current, rows: rows ?? [], days, since: Date.now() - days * DAY }
}

/** The form's starting values: what the component holds now. */
export function formValues(component: ComponentDetail): Record<string, string | undefined> {
  const { name, version, group, author, purl, cpe, swidTagId, classifier, filename } = component
  const { description, license, licenseExpression, licenseUrl, copyright, notes } = component
  const { md5, sha1, sha256, sha384, sha512, sha3_256, sha3_384, sha3_512 } = component
  return {
    name,
    version,
    group,
    author,
    purl,
    cpe,
    swidTagId,
    classifier: classifier ?? 'NONE',
    filename,
    description,
    license: component.resolvedLicense?.licenseId ?? license,
    licenseExpression,
    licenseUrl,
    copyright,
    md5,
    sha1,
    sha256,
    sha384,
    sha512,
    sha3_256,
    sha3_384,
    sha3_512,
    notes,
  }
}

/** The page's mutations, one per intent; every one needs PORTFOLIO_MANAGEMENT (checked by the caller). */
export async function componentAction(
  api: ApiClient,
  context: AppLoadContext,
  t: Translate,
  uuid: string,
  formData: FormData,
  request: Request,
) {
  const page = `/components/${encodeURIComponent(uuid)}`
  const fail = (error: unknown, to: string) => {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, to, toastForFailedResponse(error.response, t))
  }
  switch (formData.get('intent')) {
    case 'updateComponent': {
      const submission = parseWithZod(formData, { schema: ComponentFormSchema })
      if (submission.status !== 'success') {
        return json({ result: submission.reply() }, { status: 400 })
      }
      try {
        const current = await getComponent(api, uuid)
        await updateComponent(api, current, submission.value)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        return failedSubmission(context, t, submission, error, COMPONENT_FIELDS)
      }
      return redirectWithToast(context, page, {
        type: 'success',
        title: t('componentDetails.details.updated'),
      })
    }
    case 'deleteComponent': {
      let projectUuid: string
      try {
        projectUuid = (await getComponent(api, uuid)).project.uuid
        await deleteComponent(api, uuid)
      } catch (error) {
        return fail(error, `${page}?details`)
      }
      return redirectWithToast(context, `/projects/${projectUuid}/components`, {
        type: 'success',
        title: t('componentDetails.delete.deleted'),
      })
    }
    case 'deleteProperties': {
      const selected = formData.getAll('propertyUuid').filter((value) => typeof value === 'string')
      if (selected.length === 0) {
        return redirectWithToast(context, `${page}?properties`, {
          type: 'warning',
          title: t('componentDetails.remove.noneSelected'),
        })
      }
      try {
        for (const propertyUuid of selected) {
          await deleteComponentProperty(api, uuid, propertyUuid)
        }
      } catch (error) {
        return fail(error, `${page}?properties`)
      }
      return redirectWithToast(context, `${page}?properties`, {
        type: 'success',
        title: t('componentDetails.properties.deleted', { count: selected.length }),
      })
    }
    case 'createProperty': {
      const submission = parseWithZod(formData, { schema: PropertyFormSchema })
      if (submission.status !== 'success') {
        return json({ result: submission.reply() }, { status: 400 })
      }
      try {
        await createComponentProperty(api, uuid, submission.value)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        return failedSubmission(context, t, submission, error, PROPERTY_FIELDS)
      }
      return redirectWithToast(context, `${page}?properties`, {
        type: 'success',
        title: t('componentDetails.properties.created'),
      })
    }
    case REFRESH_INTENT:
      return refreshAndReturn(context, t, request, () => refreshMetrics(api, 'component', uuid))
    default:
      throw new Response('Invalid intent', { status: 400 })
  }
}
