'use client';

import Link from 'next/link';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { preload } from 'react-dom';
import { ButtonLink } from '@/components/button-link';
import styles from './hero-carousel.module.css';

export const AUTO_ADVANCE_MS = 5000;

export type HeroSlide = {
  image: { src: string; width: number; height: number };
  alt: string;
  title: string;
  description: string;
  buttonText: string;
  /** Where the slide's button leads: the contact form. */
  href: string;
  /** A slide about a service: a text link to that service's page beside the button. */
  more?: { label: string; href: string };
};

type HeroCarouselProps = {
  /** The page's one `h1`, shown above every slide. */
  heading: string;
  slides: readonly HeroSlide[];
  /** The carousel's accessible name. */
  label?: string;
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;
const noSubscription = () => () => {};

/**
 * The home page's rotating highlights, after the WAI-ARIA APG auto-rotating carousel: a
 * rotation control first, rotation suspended while the pointer or keyboard focus is inside,
 * paused from the start for visitors who ask for reduced motion. All slides share one fixed
 * box and cross-fade, so nothing below moves. Without JavaScript the first slide shows alone.
 */
export function HeroCarousel({ heading, slides, label = 'Highlights' }: HeroCarouselProps) {
  const count = slides.length;
  const slidesId = useId();
  // The first slide's image is the page's largest paint: fetch it alongside the HTML, unless it
  // is in the HTML already (a data: URL).
  if (!slides[0].image.src.startsWith('data:')) preload(slides[0].image.src, { as: 'image', fetchPriority: 'high' });
  const [current, setCurrent] = useState(0);
  // null until the visitor chooses: the reduced-motion preference decides meanwhile.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  // The controls need JavaScript, so the server's HTML leaves them out of sight.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  const paused = userPaused ?? reducedMotion;
  const rotating = !paused && !hovered && !focusInside;

  useEffect(() => {
    if (!rotating) return;
    // Restarts on every slide change, so a manual move also gets the full interval.
    const timer = setTimeout(() => setCurrent((index) => (index + 1) % count), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  const show = (index: number) => setCurrent((index + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={styles.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocusInside(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
    >
      <h1 className={styles.heading}>{heading}</h1>
      <div className={styles.controls} hidden={!hydrated}>
        <button
          type="button"
          className={styles.control}
          aria-label={paused ? 'Start automatic slide show' : 'Stop automatic slide show'}
          onClick={() => setUserPaused(!paused)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button type="button" className={styles.control} aria-controls={slidesId} aria-label="Previous slide" onClick={() => show(current - 1)}>
          <ArrowIcon direction="previous" />
        </button>
        <div className={styles.dots}>
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className={styles.dot}
              aria-controls={slidesId}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
        <button type="button" className={styles.control} aria-controls={slidesId} aria-label="Next slide" onClick={() => show(current + 1)}>
          <ArrowIcon direction="next" />
        </button>
      </div>

      <div id={slidesId} className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const isCurrent = index === current;
          return (
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={isCurrent ? undefined : true}
              inert={!isCurrent}
              className={isCurrent ? `${styles.slide} ${styles.current}` : styles.slide}
            >
              <div className={styles.content}>
                <h2 className={styles.title}>{slide.title}</h2>
                <p className={styles.description}>{slide.description}</p>
                <div className={styles.actions}>
                  <ButtonLink href={slide.href}>{slide.buttonText}</ButtonLink>
                  {slide.more && (
                    <Link href={slide.more.href} className={styles.more}>
                      {slide.more.label}
                      <span aria-hidden="true"> →</span>
                    </Link>
                  )}
                </div>
              </div>
              {/* A plain img: the export serves images as they are, and next/image would only add JavaScript. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                className={styles.image}
                src={slide.image.src}
                width={slide.image.width}
                height={slide.image.height}
                alt={slide.alt}
                // The first slide is the page's largest paint; the others can wait.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
