import styles from './testimonial.module.css';

type TestimonialProps = { quote: string; name: string; role: string; company: string };

/** A client's own words, attributed by name, role and company (content/testimonial.yaml: never made up). */
export function Testimonial({ quote, name, role, company }: TestimonialProps) {
  return (
    <figure className={`card ${styles.testimonial}`}>
      <blockquote className={styles.quote}>
        <p>{quote}</p>
      </blockquote>
      <figcaption className={styles.attribution}>
        — {name}, {role}, {company}
      </figcaption>
    </figure>
  );
}
