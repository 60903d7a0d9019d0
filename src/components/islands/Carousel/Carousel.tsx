/**
 * A swipeable row of cards with dots on phones; on wider screens the same list is a grid
 * and the dots are hidden (CSS). The cards are static HTML passed in as children: the
 * island only follows the scroll position and moves the row when a dot is pressed.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CAROUSEL_LISTENER_DELAY_MS, activeIndex, cardOffset } from '../../../lib/carousel.ts';
import './carousel.css';

interface Props {
  /** Accessible name of the carousel, e.g. "Perks". */
  label: string;
  /** One name per card, for the dots' accessible names. */
  itemLabels: string[];
  children?: ReactNode;
}

export default function Carousel({ label, itemLabels, children }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const count = itemLabels.length;

  const scroller = () => root.current?.querySelector<HTMLElement>('.carousel-items') ?? null;
  const cardWidth = (track: HTMLElement) => track.querySelector<HTMLElement>('.carousel-item')?.offsetWidth ?? 0;

  useEffect(() => {
    const track = scroller();
    if (!track) return;
    const onScroll = () => setActive(activeIndex(track.scrollLeft, cardWidth(track), count));
    // SPEC §9: listeners attach 500 ms after load, once layout has settled.
    const timer = window.setTimeout(() => track.addEventListener('scroll', onScroll, { passive: true }), CAROUSEL_LISTENER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      track.removeEventListener('scroll', onScroll);
    };
  }, [count]);

  const show = (index: number) => {
    const track = scroller();
    if (!track) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollTo({ left: cardOffset(index, cardWidth(track)), behavior: reduceMotion ? 'auto' : 'smooth' });
    setActive(index);
  };

  return (
    <div className="carousel" ref={root} role="region" aria-roledescription="carousel" aria-label={label}>
      {children}
      {count > 1 && (
        <div className="carousel__dots" role="group" aria-label={`Choose a ${label.toLowerCase()} card`}>
          {itemLabels.map((name, index) => (
            <button
              key={name + index}
              type="button"
              className="carousel__dot"
              aria-label={`${name} (${index + 1} of ${count})`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
