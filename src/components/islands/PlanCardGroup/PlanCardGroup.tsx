/**
 * The plan cards with their broadband-facts toggles (SPEC §4). Card bodies and facts labels
 * are static HTML rendered by Astro and passed in as named slots; the island only decides which
 * card is expanded: none at first, one at a time, toggling the open one closes it. Each card's
 * panel follows it in the DOM (below it on phones); from 768 px CSS moves panels under the grid.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { NO_FACTS_TEXT } from '../../../lib/plans/facts.ts';
import { cardSlot, factsSlot, type PlanToggleCard } from '../../../lib/plans/plan-cards.ts';
import './plan-card-group.css';

interface Props {
  cards: PlanToggleCard[];
  /** Static slots named by `cardSlot(id)` and `factsSlot(id)`. */
  [slot: string]: unknown;
}

const panelId = (cardId: string) => `${cardId}-facts`;

export default function PlanCardGroup({ cards, ...slots }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // When a panel opens below the fold (under the grid on desktop), bring its top into view.
  useEffect(() => {
    if (!expanded) return;
    const panel = root.current?.ownerDocument.getElementById(panelId(expanded));
    const top = panel?.getBoundingClientRect().top;
    if (top === undefined || typeof window.scrollBy !== 'function' || top < window.innerHeight - 160) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: top - window.innerHeight * 0.35, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [expanded]);

  const toggle = (id: string) => setExpanded((current) => (current === id ? null : id));

  return (
    <div className="plan-group" ref={root}>
      {cards.map((card, index) => {
        const open = expanded === card.id;
        return (
          <Fragment key={card.id}>
            <article className={open ? 'plan-card plan-card--expanded' : 'plan-card'} aria-labelledby={`${card.id}-title`} data-plan-card={card.id}>
              {slots[cardSlot(card.id)] as ReactNode}
              <button
                type="button"
                className="plan-card__toggle"
                aria-expanded={open}
                aria-controls={panelId(card.id)}
                aria-label={`${card.toggleText} for ${card.label}`}
                onClick={() => toggle(card.id)}
              >
                {card.toggleText}
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d="M6 9l6 6 6-6" /></svg>
              </button>
            </article>
            <div id={panelId(card.id)} className={`plan-facts plan-facts--col-${(index % 3) + 1}`} role="region" aria-label={`${card.toggleText}: ${card.label}`} hidden={!open}>
              {card.hasFacts ? (slots[factsSlot(card.id)] as ReactNode) : <p className="plan-facts__empty">{NO_FACTS_TEXT}</p>}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}
