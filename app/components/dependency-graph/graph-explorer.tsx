import { Link, useNavigate, useSearchParams } from '@remix-run/react'
import { Loader2, Network } from 'lucide-react'
import { Suspense, lazy, useEffect, useMemo, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'
import { DependencyTree, FIRST_MATCH_ID } from './dependency-tree.tsx'
import { ListIcon } from './icons.tsx'
import { buildTree, nodeHref, withChildren, type GraphData, type GraphNode } from './graph-model.ts'

const loadCanvas = () => import('./graph-canvas.client.tsx')
const GraphCanvas = lazy(loadCanvas)

/** Starts fetching the canvas code once the graph tab is open, whatever it shows first. */
export function usePreloadedCanvas() {
  useEffect(() => {
    void loadCanvas()
  }, [])
}

export interface GraphExplorerProps {
  rootLabel: string
  rootHref: string
  initial: GraphData
  initialExpanded: string[]
  searched: string[]
  highlightOutdated: boolean
  /** The server left out children beyond what a page shows. */
  cut: boolean
}

/**
 * Holds the loaded part of the graph. Without JavaScript it is the server's tree as lists;
 * with JavaScript it expands in place (fetching one level at a time) and offers the canvas,
 * the default, and the list as views.
 */
export function GraphExplorer(props: GraphExplorerProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const hydrated = useHydrated()
  const [data, setData] = useState(props.initial)
  const [expanded, setExpanded] = useState(() => new Set(props.initialExpanded))
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [failed, setFailed] = useState(false)
  const [cut, setCut] = useState(props.cut)
  const tree = useMemo(() => buildTree(data, expanded), [data, expanded])
  const view = hydrated && searchParams.get('view') !== 'list' ? 'graph' : 'list'

  useEffect(() => {
    if (view !== 'list') return
    document.getElementById(FIRST_MATCH_ID)?.scrollIntoView({ block: 'center' })
  }, [view])

  async function toggle(uuid: string) {
    setFailed(false)
    if (expanded.has(uuid)) {
      setExpanded((current) => new Set([...current].filter((id) => id !== uuid)))
      return
    }
    if (!data.children[uuid]) {
      if (busy.has(uuid)) return
      setBusy((current) => new Set([...current, uuid]))
      try {
        const response = await fetch(`/resources/dependency-graph/${uuid}`, {
          headers: { Accept: 'application/json' },
        })
        if (!response.ok) throw new Error(String(response.status))
        const level = (await response.json()) as { nodes: GraphNode[]; cut: boolean }
        setData((current) => withChildren(current, uuid, level.nodes))
        if (level.cut) setCut(true)
      } catch {
        setFailed(true)
        return
      } finally {
        setBusy((current) => new Set([...current].filter((id) => id !== uuid)))
      }
    }
    setExpanded((current) => new Set([...current, uuid]))
  }

  const viewHref = (next: 'graph' | 'list') => {
    const params = new URLSearchParams(searchParams)
    if (next === 'list') params.set('view', 'list')
    else params.delete('view')
    return `?${params}`
  }

  return (
    <div className="flex flex-col gap-3">
      {hydrated ? (
        <nav aria-label={t('dependencyGraph.viewLabel')} className="flex gap-1">
          {(['graph', 'list'] as const).map((option) => (
            <Link
              key={option}
              to={viewHref(option)}
              replace
              preventScrollReset
              aria-current={view === option ? 'page' : undefined}
              className={cn(
                'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
                view === option
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'hover:bg-accent',
              )}
            >
              {option === 'graph' ? (
                <Network aria-hidden className="size-4" />
              ) : (
                <ListIcon aria-hidden className="size-4" />
              )}
              {t(option === 'graph' ? 'dependencyGraph.viewGraph' : 'dependencyGraph.viewList')}
            </Link>
          ))}
        </nav>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t('dependencyGraph.loadFailed')}
        </p>
      ) : null}
      {tree.truncated || cut ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('dependencyGraph.truncated', { count: tree.count })}
        </p>
      ) : null}
      {view === 'graph' ? (
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 p-8 text-muted-foreground">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('dependencyGraph.loading')}
            </p>
          }
        >
          <GraphCanvas
            rootLabel={props.rootLabel}
            items={tree.items}
            searched={props.searched}
            highlightOutdated={props.highlightOutdated}
            busy={busy}
            onToggle={toggle}
            onOpen={(node) => navigate(nodeHref(node))}
          />
        </Suspense>
      ) : (
        <DependencyTree
          rootLabel={props.rootLabel}
          rootHref={props.rootHref}
          items={tree.items}
          searched={props.searched}
          highlightOutdated={props.highlightOutdated}
          busy={busy}
          onToggle={hydrated ? toggle : undefined}
        />
      )}
    </div>
  )
}
