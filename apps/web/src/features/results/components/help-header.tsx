import { InfoTip } from '../../../ui/info-tip';
import styles from './element-results.module.css';

/** A column header with its help: the name, then an (i) that explains the number. */
export function HelpHeader({ name, help }: { name: string; help: string }) {
  return (
    <th scope="col">
      <span className={styles.help}>
        {name}
        <InfoTip label={`About ${name.toLowerCase()}`}>{help}</InfoTip>
      </span>
    </th>
  );
}
