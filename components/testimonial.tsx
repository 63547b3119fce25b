import styles from './testimonial.module.css';

export function Testimonial({ attribution, children }: { attribution: string; children: React.ReactNode }) {
  return (
    <figure className={styles.testimonial}>
      <blockquote className={styles.quote}>
        <p>{children}</p>
      </blockquote>
      <figcaption className={styles.attribution}>— {attribution}</figcaption>
    </figure>
  );
}
