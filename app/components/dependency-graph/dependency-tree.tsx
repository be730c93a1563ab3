import { Link, useSearchParams } from '@remix-run/react'
import { ChevronDown, ChevronRight, Loader2, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { VersionStatusMark } from '~/components/version-status.tsx'
import { cn } from '~/utils/misc.ts'
import { CycleIcon } from './icons.tsx'
import { expandHref, flattenTree, isOutdated, nodeHref, type TreeItem } from './graph-model.ts'

export interface DependencyTreeProps {
  rootLabel: string
  rootHref: string
  items: TreeItem[]
  searched: readonly string[]
  highlightOutdated: boolean
  busy: ReadonlySet<string>
  /** With JavaScript: expand in place instead of following the `expand` link. */
  onToggle?: (uuid: string) => void
}

/** The element id of the first searched row (scrolled into view in lookup mode). */
export const FIRST_MATCH_ID = 'dependency-graph-first-match'

/**
 * The graph as nested lists of links: the accessible view, and the only one without JavaScript,
 * where "show dependencies" is a link that adds the node to the `expand` URL parameter.
 */
export function DependencyTree(props: DependencyTreeProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const firstMatch = flattenTree(props.items).find((item) =>
    props.searched.includes(item.node.uuid),
  )?.key
  const shared = { ...props, searchParams, firstMatch }

  return (
    <ul aria-label={t('dependencyGraph.treeLabel')} className="flex flex-col gap-1 overflow-x-auto">
      <li className="flex flex-col gap-1">
        <Link
          to={props.rootHref}
          className="inline-flex w-fit items-center gap-2 rounded bg-primary px-2 py-1 text-sm font-semibold text-primary-foreground hover:underline"
        >
          <Network aria-hidden className="size-4" />
          {props.rootLabel}
        </Link>
        {props.items.length > 0 ? (
          <ul className="ml-3 flex flex-col gap-1 border-l pl-3">
            {props.items.map((item) => (
              <Row key={item.key} item={item} shared={shared} />
            ))}
          </ul>
        ) : null}
      </li>
    </ul>
  )
}

type Shared = DependencyTreeProps & { searchParams: URLSearchParams; firstMatch?: string }

function Row({ item, shared: props }: { item: TreeItem; shared: Shared }) {
  const { t } = useTranslation()
  const { node } = item
  const expandable = node.objectType === 'COMPONENT' && node.childCount > 0 && !item.cycle
  const searched = props.searched.includes(node.uuid)
  const outdated = props.highlightOutdated && isOutdated(node)
  const busy = props.busy.has(node.uuid)
  const id = item.key === props.firstMatch ? FIRST_MATCH_ID : undefined
  const toggleLabel = t(item.expanded ? 'dependencyGraph.collapse' : 'dependencyGraph.expand', {
    name: node.label,
  })
  return (
    <li id={id} className="flex flex-col gap-1">
      <div className="flex min-w-0 items-center gap-1">
        {expandable ? (
          <Link
            to={expandHref(props.searchParams, node.uuid, !item.expanded)}
            preventScrollReset
            replace
            aria-expanded={item.expanded}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={
              props.onToggle
                ? (event) => {
                    event.preventDefault()
                    props.onToggle?.(node.uuid)
                  }
                : undefined
            }
            className="inline-flex size-6 shrink-0 items-center justify-center rounded hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {busy ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : item.expanded ? (
              <ChevronDown aria-hidden className="size-4" />
            ) : (
              <ChevronRight aria-hidden className="size-4" />
            )}
          </Link>
        ) : (
          <span aria-hidden className="size-6 shrink-0" />
        )}
        <Link
          to={nodeHref(node)}
          className={cn(
            'min-w-0 break-all rounded border px-2 py-0.5 font-mono text-sm text-primary hover:underline',
            searched ? 'border-2 border-success font-bold' : 'border-transparent',
            outdated && !searched && 'border-warning',
          )}
        >
          {node.label}
        </Link>
        {node.objectType === 'SERVICE' ? (
          <span className="rounded bg-secondary px-1.5 text-xs text-secondary-foreground">
            {t('dependencyGraph.service')}
          </span>
        ) : null}
        {searched ? <span className="sr-only">({t('dependencyGraph.searched')})</span> : null}
        {outdated ? <VersionStatusMark component={node} only={['outdated']} /> : null}
        {item.cycle ? (
          <span
            className="inline-flex items-center gap-1 text-xs text-muted-foreground"
            title={t('dependencyGraph.cycle')}
          >
            <CycleIcon aria-hidden className="size-3" />
            <span className="sr-only">{t('dependencyGraph.cycle')}</span>
          </span>
        ) : expandable && !item.expanded ? (
          <span className="shrink-0 whitespace-nowrap text-xs text-muted-foreground">
            {t('dependencyGraph.dependencyCount', { count: node.childCount })}
          </span>
        ) : null}
      </div>
      {item.expanded && item.children.length > 0 ? (
        <ul className="ml-3 flex flex-col gap-1 border-l pl-3">
          {item.children.map((child) => (
            <Row key={child.key} item={child} shared={props} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}
