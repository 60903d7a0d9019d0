/**
 * The Studio's "Deploys" tool's page: the public site's recent deploys, newest first, each with
 * what started it, when, how long it took, its state, the schools built (links to their live
 * pages) and the schools left out with why. Refreshes by itself while a build runs. No Sanity
 * runtime here (studio.tsx makes it a tool), so the screenshot page can draw it too.
 */
import { RefreshIcon } from '@sanity/icons/Refresh';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Spinner,
  Stack,
  Text,
} from '@sanity/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BADGE_TONES, type DeployRow, type DeploysResult } from './deploys-view.ts';
import type { TimeFormat } from './status.ts';

/** How often the list is asked again while a build runs. */
export const REFRESH_WHILE_BUILDING_MS = 15_000;
/** Past this many schools, the built list starts folded. */
const OPEN_BUILT_LIST = 12;

const plainList = { margin: 0, padding: 0, listStyle: 'none' } as const;
/** Links are underlined (not told apart by colour alone); a list's links are tall enough to tap (24 px). */
const inlineLink = { textDecoration: 'underline' } as const;
const listLink = { textDecoration: 'underline', display: 'inline-block', paddingBlock: 4 } as const;
/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function StateBadge({ state }: { state: DeployRow['state'] }) {
  return (
    <Badge
      tone={state.color ? BADGE_TONES[state.color] : 'default'}
      fontSize={1}
      paddingX={2}
      paddingY={1}
      radius={4}
      style={{ whiteSpace: 'nowrap' }}
    >
      {state.label}
    </Badge>
  );
}

function BuiltList({ built }: { built: DeployRow['built'] }) {
  return (
    <Flex as="ul" wrap="wrap" gap={3} style={plainList}>
      {built.map((school) => (
        <li key={school.seoSlug}>
          <Text size={1}>
            {school.url ? (
              <a
                href={school.url}
                target="_blank"
                rel="noopener noreferrer"
                style={listLink}
                aria-label={`${school.seoSlug}: ${school.page} (opens in a new tab)`}
              >
                {school.seoSlug}
              </a>
            ) : (
              school.seoSlug
            )}
          </Text>
        </li>
      ))}
    </Flex>
  );
}

function DeployCard({ row }: { row: DeployRow }) {
  const headingId = `deploy-${row.id}`;
  return (
    <Card as="li" border radius={2} padding={[3, 4]} aria-labelledby={headingId}>
      <Stack gap={4}>
        <Flex gap={3} align="flex-start" justify="space-between" wrap="wrap">
          <Stack gap={3} flex={1} style={{ minWidth: '12rem' }}>
            <Heading as="h2" size={1} id={headingId}>
              {row.trigger}
            </Heading>
            <Text size={1} muted>
              Started{' '}
              <time dateTime={row.whenIso} title={row.whenFull}>
                {row.when}
              </time>{' '}
              · {row.duration.startsWith('running') ? row.duration : `took ${row.duration}`}
              {row.context ? ` · ${row.context}` : ''}
            </Text>
          </Stack>
          <StateBadge state={row.state} />
        </Flex>
        <Text size={1}>{row.state.title}</Text>
        {row.detail && (
          <Text size={1} muted>
            Netlify's title: {row.detail}
          </Text>
        )}
        {row.errorMessage && (
          <Card tone="critical" padding={3} radius={2} border>
            <Text size={1}>
              <strong>Error:</strong> {row.errorMessage}
            </Text>
          </Card>
        )}
        {/* A running build has built nothing yet, and a failed one nothing at all (its error says why). */}
        {(row.built.length > 0 || (row.phase !== 'building' && row.phase !== 'error')) && (
          <Stack gap={3}>
            <Heading as="h3" size={0}>
              Schools built ({row.builtCount})
            </Heading>
            {row.built.length === 0 && (
              <Text size={1} muted>
                None.
              </Text>
            )}
            {row.built.length > 0 && row.built.length <= OPEN_BUILT_LIST && (
              <BuiltList built={row.built} />
            )}
            {row.built.length > OPEN_BUILT_LIST && (
              // Many schools would bury the next deploy: folded until asked for.
              <details>
                <summary>
                  <Text as="span" size={1}>
                    Show{' '}
                    {row.built.length === row.builtCount
                      ? `all ${row.builtCount}`
                      : `the first ${row.built.length}`}{' '}
                    schools
                  </Text>
                </summary>
                <Box paddingTop={3}>
                  <BuiltList built={row.built} />
                </Box>
              </details>
            )}
            {row.builtCount > row.built.length && (
              <Text size={1} muted>
                …and {row.builtCount - row.built.length} more (every school the site publishes is on
                its search page).
              </Text>
            )}
          </Stack>
        )}
        {row.leftOut.length > 0 && (
          <Stack gap={3}>
            <Heading as="h3" size={0}>
              Schools left out ({row.leftOut.length + row.leftOutMore})
            </Heading>
            <Stack as="ul" gap={3} style={plainList}>
              {row.leftOut.map((school) => (
                <li key={`${school.school}: ${school.reason}`}>
                  <Text size={1}>
                    <strong>{school.school}</strong>: {school.reason}
                  </Text>
                </li>
              ))}
            </Stack>
            {row.leftOutMore > 0 && (
              <Text size={1} muted>
                …and {row.leftOutMore} more (the build log names them all).
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export interface DeploysViewProps {
  origin: string;
  /** Undefined while the first answer is awaited. */
  result?: DeploysResult;
  loading: boolean;
  onRefresh?: () => void;
}

/** The tool's page for one answer: the list, or the empty, loading or error state. */
export function DeploysView({ origin, result, loading, onRefresh }: DeploysViewProps) {
  const site = origin.replace(/^https?:\/\//, '');
  const announced = loading
    ? 'Asking the public site…'
    : result?.ok
      ? `${result.rows.length} deploy${result.rows.length === 1 ? '' : 's'} shown.`
      : '';
  return (
    <Card height="fill" overflow="auto" tone="transparent">
      {/* Padding outside the Container: it is 100% wide, and padding inside it would overflow a phone's width. */}
      <Box paddingX={[3, 4]} paddingY={[4, 5]}>
        <Container width={2}>
          <Stack gap={5}>
            <Flex gap={3} align="flex-end" justify="space-between" wrap="wrap">
              <Stack gap={3}>
                <Heading as="h1" size={2}>
                  Deploys
                </Heading>
                <Text size={1} muted>
                  The recent builds of the public site (
                  <a
                    href={origin}
                    target="_blank"
                    rel="noopener noreferrer"
                    style={inlineLink}
                    aria-label={`${site} (opens in a new tab)`}
                  >
                    {site}
                  </a>
                  ), newest first.
                </Text>
              </Stack>
              {onRefresh && (
                <Button
                  icon={RefreshIcon}
                  text="Refresh"
                  mode="ghost"
                  onClick={onRefresh}
                  disabled={loading}
                />
              )}
              <div role="status" aria-live="polite" style={visuallyHidden}>
                {announced}
              </div>
            </Flex>
            {loading && !result && (
              <Flex align="center" gap={3}>
                <Spinner muted />
                <Text size={1} muted>
                  Asking the public site…
                </Text>
              </Flex>
            )}
            {result && !result.ok && (
              <Card tone="critical" padding={4} radius={2} border role="alert">
                <Stack gap={3}>
                  <Heading as="h2" size={1}>
                    No deploys to show
                  </Heading>
                  <Text size={1}>{result.error}</Text>
                  <Text size={1}>
                    Try again with Refresh. If it stays so, tell your Studio&apos;s admin: the
                    Studio looks for the public site at {site}
                    (its setting SANITY_STUDIO_PUBLIC_SITE_URL).
                  </Text>
                </Stack>
              </Card>
            )}
            {result?.ok && result.waiting && (
              <Card tone="caution" padding={4} radius={2} border role="status">
                <Text size={1}>{result.waiting}</Text>
              </Card>
            )}
            {result?.ok && (result.spend || result.freshness) && (
              <Card padding={4} radius={2} border>
                <Stack gap={3}>
                  <Heading as="h2" size={1}>
                    Builds and their cost
                  </Heading>
                  {result.spend && <Text size={1}>{result.spend}</Text>}
                  {result.freshness && <Text size={1}>{result.freshness}</Text>}
                </Stack>
              </Card>
            )}
            {result?.ok && result.rows.length === 0 && result.visitor && (
              <Card padding={4} radius={2} border>
                <Stack gap={3}>
                  <Heading as="h2" size={1}>
                    Deploys are shown to editors
                  </Heading>
                  <Text size={1}>{result.visitor}</Text>
                </Stack>
              </Card>
            )}
            {result?.ok && result.rows.length === 0 && !result.visitor && (
              <Card padding={4} radius={2} border>
                <Stack gap={3}>
                  <Heading as="h2" size={1}>
                    No deploys recorded yet
                  </Heading>
                  <Text size={1} muted>
                    Each publish, a freshness check that finds the site would change and a rebuild
                    by hand start a deploy; it shows here once Netlify reports it to the site.
                  </Text>
                </Stack>
              </Card>
            )}
            {result?.ok && result.rows.length > 0 && (
              <Stack as="ol" gap={3} style={plainList} aria-label="Recent deploys, newest first">
                {result.rows.map((row) => (
                  <DeployCard key={row.id} row={row} />
                ))}
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>
    </Card>
  );
}

/** Loads the deploys with `load`, offers Refresh, and asks again while a build runs. */
export function DeploysPanel({
  origin,
  load,
  format,
}: {
  origin: string;
  load: (format: TimeFormat) => Promise<DeploysResult>;
  format?: TimeFormat;
}) {
  // Each Refresh (and each ask while a build runs) is one more load; the latest one's answer is shown.
  const [asked, setAsked] = useState(0);
  const [answer, setAnswer] = useState<{
    asked: number;
    load: typeof load;
    result: DeploysResult;
  }>();
  // Times are written as of each load; a new format object alone does not ask again.
  const formatRef = useRef(format);
  useEffect(() => {
    formatRef.current = format;
  }, [format]);
  useEffect(() => {
    let latest = true;
    void load(formatRef.current ?? {}).then((result) => {
      if (latest) setAnswer({ asked, load, result });
    });
    return () => {
      latest = false;
    };
  }, [asked, load]);
  const refresh = useCallback(() => setAsked((count) => count + 1), []);
  const result = answer?.result;
  const loading = answer?.asked !== asked || answer.load !== load;
  const running = result?.ok === true && result.running;
  useEffect(() => {
    if (!running || loading) return;
    const timer = setTimeout(refresh, REFRESH_WHILE_BUILDING_MS);
    return () => clearTimeout(timer);
  }, [running, loading, refresh]);
  return <DeploysView origin={origin} result={result} loading={loading} onRefresh={refresh} />;
}
