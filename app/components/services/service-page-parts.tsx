import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FactsSection, type Fact } from '~/components/facts-section.tsx'
import { type Service } from '~/api/services.server.ts'
import { UrlDialog } from '~/components/dialog.tsx'
import { Identifier } from '~/components/identifier.tsx'
import { DirectionLabel } from '~/components/services/service-details-dialog.tsx'
import { YesNo } from '~/components/services/service-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/utils/misc.ts'

/** "group ▸ name ▸ version", skipping what the service does not have. */
export function serviceLabel(service: { group?: string; name: string; version?: string }) {
  return [service.group, service.name, service.version].filter(Boolean).join(' ▸ ')
}

/** The facts block of the service page. */
export function ServiceFacts({
  service,
  projectLabel,
}: {
  service: Service
  projectLabel?: string
}) {
  const { t } = useTranslation()
  const endpoints = service.endpoints ?? []
  const data = service.data ?? []
  const facts: Fact[] = [
    [t('services.details.name'), service.name],
    [t('services.details.version'), service.version],
    [t('services.details.group'), service.group],
    [
      t('services.overview.project'),
      service.project && projectLabel ? (
        <Link to={`/projects/${service.project.uuid}`} className="text-primary hover:underline">
          {projectLabel}
        </Link>
      ) : null,
    ],
    [t('services.details.providerName'), service.provider?.name],
    [
      t('services.details.authenticated'),
      <YesNo
        key="auth"
        value={service.authenticated}
        yes={t('services.flags.authenticated')}
        no={t('services.flags.notAuthenticated')}
      />,
    ],
    [
      t('services.details.trustBoundary'),
      <YesNo
        key="trust"
        value={service.crossesTrustBoundary}
        yes={t('services.flags.crosses')}
        no={t('services.flags.notCrosses')}
      />,
    ],
    [
      t('services.details.tabs.endpoints'),
      endpoints.length > 0 ? (
        <ul className="flex flex-col gap-1 font-mono text-xs">
          {endpoints.map((endpoint) => (
            <li key={endpoint}>{endpoint}</li>
          ))}
        </ul>
      ) : null,
    ],
    [
      t('services.details.tabs.data'),
      data.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {data.map((flow, index) => (
            <li key={index}>
              {flow.name}
              {flow.direction ? (
                <span className="text-muted-foreground">
                  {' '}
                  (<DirectionLabel direction={flow.direction} />)
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null,
    ],
    [t('services.details.uuid'), <Identifier key="uuid" value={service.uuid} />],
  ]
  return <FactsSection id="service-facts" title={t('services.overview.facts')} facts={facts} />
}

export function ConfirmDeleteDialog({ service }: { service: Service }) {
  const { t } = useTranslation()
  const isPending = useIsPending()
  const here = `/services/${service.uuid}`
  return (
    <UrlDialog title={t('services.delete.title')} closeTo={here}>
      <Form method="post" className="flex flex-col gap-6">
        <p className="text-sm">
          {t('services.delete.message', {
            name: serviceLabel(service),
            project: service.project?.name ?? '',
          })}
        </p>
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={`${here}?details=identity`} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button
            type="submit"
            name="intent"
            value="delete"
            variant="destructive"
            disabled={isPending}
          >
            {t('services.delete.confirm')}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  )
}
