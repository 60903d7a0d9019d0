/**
 * A test page for screenshots (scripts/dev/studio-shots.ts): the live-status badge in each state
 * and the Deploys tool, drawn with the Studio's own UI components (@sanity/ui in the Studio's
 * theme) from sample answers in the public site's JSON (../fixtures). The Studio itself cannot
 * sign in to Sanity on a machine without its network, so this is how they are looked at.
 * The badge runs as Sanity runs it: the badge hook called with a document's edit state, its
 * description drawn as the document pane draws badges (a Badge in a Tooltip).
 */
import '@sanity/ui/styles.css';
import {
  Badge,
  Box,
  Card,
  Container,
  Flex,
  Heading,
  Inline,
  LayerProvider,
  PortalProvider,
  Stack,
  studioTheme,
  Text,
  ThemeProvider,
} from '@sanity/ui';
import { Tooltip } from '@sanity/ui/tooltip';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DocumentBadgeDescription, DocumentBadgeProps } from 'sanity';
import { BADGE_TONES, deploysFromAnswer, type DeploysResult } from '../../deploys/deploys-view.ts';
import { DeploysPanel } from '../../deploys/DeploysView.tsx';
import { createPublishStatusBadge } from '../../deploys/publish-status-badge.ts';
import { statusFromAnswer } from '../../deploys/status.ts';
import type { StatusEntry, StatusSource } from '../../deploys/status-source.ts';
import deploysAnswer from '../fixtures/deploys.json';
import statusAnswer from '../fixtures/publish-status.json';
import revisions from '../fixtures/published-revisions.json';

const ORIGIN = 'https://schoolmobile.example';

/** The sample answer as a status source: each document's status, about its published revision. */
const entries = new Map<string, StatusEntry>();
for (const [id, rev] of Object.entries(revisions))
  entries.set(id, { rev, status: statusFromAnswer(statusAnswer, id, rev) });
// The site still checking who asks (many unknown sign-ins reached it): not an answer about the document.
entries.set('kentuckymobile-howItWorks', {
  rev: 'Kw3Nc8Zb1Lq5Xr7Tm2Vp4Y',
  status: { state: 'checking-access', retryAfterSeconds: 20 },
});
const source: StatusSource = { get: (id) => entries.get(id), watch: () => () => {} };
const PublishStatusBadge = createPublishStatusBadge(() => source);

/** The documents shown, as an editor would find them; the last was never published. */
const DOCUMENTS: Array<{ id: string; type: string; title: string; rev?: string }> = [
  {
    id: 'huskymobile-landingHeader',
    type: 'landingHeader',
    title: 'Husky Mobile · Landing page: hero',
  },
  { id: 'huskymobile-headerNav', type: 'headerNav', title: 'Husky Mobile · Every page: header' },
  { id: 'huskymobile-faqs', type: 'faqs', title: 'Husky Mobile · Landing page: FAQ' },
  { id: 'beavsmobile-faqs', type: 'faqs', title: 'Beavs Mobile · Landing page: FAQ' },
  {
    id: 'huskymobile-giveawayClosed',
    type: 'giveawayClosed',
    title: 'Husky Mobile · Giveaway: closed page',
  },
  { id: 'cubbymobile-faqs', type: 'faqs', title: 'Cubby Mobile · Landing page: FAQ' },
  {
    id: 'huskymobile-planCards-student',
    type: 'planCards',
    title: 'Husky Mobile · Student plans: plan cards',
  },
  {
    id: 'bearsmobile-landingHeader',
    type: 'landingHeader',
    title: 'Bears Mobile · Landing page: hero',
  },
  { id: 'utesmobile-whyHero', type: 'whyHero', title: 'Utes Mobile · Why page: hero' },
  { id: 'kentuckymobile-faqs', type: 'faqs', title: 'Kentucky Mobile · Landing page: FAQ' },
  { id: 'huskymobile-whyHero', type: 'whyHero', title: 'Husky Mobile · Why page: hero' },
  {
    id: 'beavsmobile-landingPerks',
    type: 'landingPerks',
    title: 'Beavs Mobile · Landing page: perks',
  },
  {
    id: 'cubbymobile-howItWorks',
    type: 'howItWorks',
    title: 'Cubby Mobile · Landing page: how it works',
  },
  { id: 'siteSettings', type: 'siteSettings', title: 'Site settings' },
  {
    id: 'kentuckymobile-howItWorks',
    type: 'howItWorks',
    title: 'Kentucky Mobile · Landing page: how it works',
  },
  {
    id: 'utesmobile-pressRelease',
    type: 'pressRelease',
    title: 'Utes Mobile · Press release (never published)',
    rev: '',
  },
];

function editState(document: (typeof DOCUMENTS)[number]): DocumentBadgeProps {
  const rev = document.rev ?? entries.get(document.id)?.rev;
  return {
    id: document.id,
    type: document.type,
    transactionSyncLock: null,
    version: null,
    liveEdit: false,
    liveEditSchemaType: false,
    ready: true,
    release: undefined,
    draft: null,
    published: rev
      ? {
          _id: document.id,
          _type: document.type,
          _rev: rev,
          _createdAt: '2026-11-02T09:00:00Z',
          _updatedAt: '2026-11-27T20:03:00Z',
        }
      : null,
  } as DocumentBadgeProps;
}

/** Sanity's own tooltip (its Button module's wrapper of @sanity/ui's): string content in a padded small text. */
function StudioTooltip({
  content,
  children,
  ...rest
}: {
  content?: string;
  children: ReactElement;
  disabled?: boolean;
  placement?: 'top';
}) {
  const body = content && (
    <Flex align="center">
      <Box flex={1} padding={1}>
        <Text size={1}>{content}</Text>
      </Box>
    </Flex>
  );
  return (
    <Tooltip
      animate
      arrow={false}
      delay={{ open: 400 }}
      fallbackPlacements={['bottom-start', 'bottom-end', 'top-start', 'top-end']}
      portal
      padding={1}
      content={body}
      {...rest}
    >
      {children}
    </Tooltip>
  );
}

/** How the document pane draws badges (sanity/structure's DocumentBadges). */
function PaneBadges({ badges }: { badges: DocumentBadgeDescription[] }) {
  if (!badges.length)
    return (
      <Text size={1} muted>
        No badge: nothing published yet.
      </Text>
    );
  return (
    <Inline gap={1}>
      {badges.map((badge) => (
        <StudioTooltip
          key={`${badge.label ?? ''}: ${badge.title ?? ''}`}
          content={badge.title}
          disabled={!badge.title}
          placement="top"
        >
          <Badge
            fontSize={1}
            paddingX={2}
            paddingY={1}
            radius={4}
            tone={badge.color ? BADGE_TONES[badge.color] : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {badge.label}
          </Badge>
        </StudioTooltip>
      ))}
    </Inline>
  );
}

function DocumentRow({ document }: { document: (typeof DOCUMENTS)[number] }) {
  // The badge hook, called as Sanity's hook collection calls it.
  const badge = PublishStatusBadge(editState(document));
  return (
    <Card as="li" padding={3} radius={2} border data-document={document.id}>
      <Stack gap={3}>
        <Flex gap={3} align="center" justify="space-between" wrap="wrap">
          <Text size={1} weight="medium">
            {document.title}
          </Text>
          <PaneBadges badges={badge ? [badge] : []} />
        </Flex>
        {badge?.title && (
          <Text size={1} muted>
            Tooltip: {badge.title}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function BadgesPage() {
  return (
    <Box paddingX={[3, 4]} paddingY={[4, 5]}>
      <Container width={2}>
        <Stack gap={4}>
          <Heading as="h1" size={2}>
            The live-status badge, each state
          </Heading>
          <Text size={1} muted>
            Each row is a document as the Studio shows its badge beside Publish. Sample answers of
            the public site; the time is 12:06 PM on Nov 27, 2026 in Seattle.
          </Text>
          <Stack as="ul" gap={2} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {DOCUMENTS.map((document) => (
              <DocumentRow key={document.id} document={document} />
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

const never = () => new Promise<DeploysResult>(() => {});
const VIEWS: Record<string, () => ReactNode> = {
  badges: () => <BadgesPage />,
  deploys: () => (
    <DeploysPanel
      origin={ORIGIN}
      load={(format) => Promise.resolve(deploysFromAnswer(deploysAnswer, ORIGIN, format))}
    />
  ),
  // Many schools built (the first few listed), and publishes waiting because the build service did not answer.
  'deploys-waiting': () => (
    <DeploysPanel
      origin={ORIGIN}
      load={(format) =>
        Promise.resolve(
          deploysFromAnswer(
            {
              ...deploysAnswer,
              deploys: deploysAnswer.deploys.map((deploy, at) =>
                at === 1
                  ? { ...deploy, schools: { ...deploy.schools, builtCount: 600, leftOutMore: 3 } }
                  : deploy,
              ),
              waitingToBuild: {
                waiting: 2,
                reason: 'the build service did not answer',
                nextTryAt: '2026-11-27T20:07:00.000Z',
              },
            },
            ORIGIN,
            format,
          ),
        )
      }
    />
  ),
  // A deploy budget of 1 an hour, spent: a publish and the freshness check's build wait for the next slot.
  'deploys-budget': () => (
    <DeploysPanel
      origin={ORIGIN}
      load={(format) =>
        Promise.resolve(
          deploysFromAnswer(
            {
              ...deploysAnswer,
              waitingToBuild: {
                waiting: 1,
                reason: 'the deploy budget allows the next build then',
                nextTryAt: '2026-11-27T21:00:00.000Z',
                cause: 'deploy-budget',
                freshness: 'tenant records changed for 2 schools (beavsmobile, huskymobile)',
              },
              spend: { today: 4, month: 57, day: '2026-11-27', budgetPerHour: 1 },
              freshness: {
                checkedAt: '2026-11-27T20:00:03.000Z',
                outcome:
                  "tenant records changed for 2 schools (beavsmobile, huskymobile): the build waits for the deploy budget's next slot",
                build: true,
              },
            },
            ORIGIN,
            format,
          ),
        )
      }
    />
  ),
  'deploys-empty': () => (
    <DeploysPanel
      origin={ORIGIN}
      load={() => Promise.resolve({ ok: true, rows: [], running: false })}
    />
  ),
  // A Studio user without an editor's role: the public site tells only when it last changed.
  'deploys-visitor': () => (
    <DeploysPanel
      origin={ORIGIN}
      load={(format) =>
        Promise.resolve(
          deploysFromAnswer(
            {
              deploys: [],
              checkedAt: '2026-11-27T20:06:30.000Z',
              site: {
                lastChangedAt: '2026-11-27T20:02:00.000Z',
                schools: {
                  built: [{ seoSlug: 'uw-husky-mobile', url: `${ORIGIN}/uw-husky-mobile` }],
                  builtCount: 6,
                },
              },
            },
            ORIGIN,
            format,
          ),
        )
      }
    />
  ),
  'deploys-error': () => (
    <DeploysPanel
      origin={ORIGIN}
      load={() =>
        Promise.resolve({
          ok: false,
          error: `The public site could not be reached: Failed to fetch (${ORIGIN}).`,
        })
      }
    />
  ),
  'deploys-loading': () => <DeploysPanel origin={ORIGIN} load={never} />,
};

function App() {
  const [view] = useState(() => location.hash.slice(1) || 'badges');
  const [portal] = useState(() => document.getElementById('portal'));
  const render = VIEWS[view];
  return (
    <ThemeProvider theme={studioTheme}>
      <LayerProvider>
        <PortalProvider element={portal}>
          <Card tone="transparent" style={{ minHeight: '100vh' }}>
            <Box as="main">{render ? render() : <Text>Unknown view {view}</Text>}</Box>
          </Card>
        </PortalProvider>
      </LayerProvider>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
