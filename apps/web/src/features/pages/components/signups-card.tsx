import { pageBlocks } from '@kindling/domain';
import { useState } from 'react';
import { downloadText } from '../../../lib/download';
import { formatDate, pluralize } from '../../../lib/format';
import { buttonClassName } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { toastError } from '../../../ui/toast';
import { fetchSignupsCsv, signupsCsvPath, type LandingPage } from '../api/pages-api';
import { useSignups } from '../hooks/use-pages';
import styles from './signups-card.module.css';

/** The page's sign-ups, newest first, 30 a page, and the whole list as CSV. */
export function SignupsCard({ team, page }: { team: string; page: LandingPage }) {
  const [pageNumber, setPageNumber] = useState(1);
  const signups = useSignups(team, page.id, pageNumber);
  const data = signups.data;

  async function download() {
    try {
      const csv = await (await fetchSignupsCsv(team, page.id)).text();
      downloadText(csv, `${page.slug}-signups.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Card
      title="Sign-ups"
      description={
        data
          ? `${pluralize(data.totalItems, 'person', 'people')} signed up`
          : 'The addresses left on the page'
      }
      actions={
        <a
          href={signupsCsvPath(team, page.id)}
          download={`${page.slug}-signups.csv`}
          className={buttonClassName({ variant: 'outline', color: 'secondary', size: 'sm' })}
          onClick={(event) => {
            // The file needs the bearer token, which a plain link does not send.
            event.preventDefault();
            void download();
          }}
        >
          Download CSV
        </a>
      }
      data-testid="page-signups"
    >
      {signups.isError ? (
        <ErrorPanel
          title="Could not load the sign-ups"
          error={signups.error}
          onRetry={() => void signups.refetch()}
        />
      ) : !data ? (
        <Skeleton className={styles.loading} />
      ) : data.totalItems === 0 ? (
        <p className={styles.none}>
          {page.content.cta.type === 'link'
            ? 'This page’s button is a link, so it collects no e-mail addresses.'
            : page.published
              ? 'No sign-ups yet. Share the page’s address to collect some.'
              : 'No sign-ups yet. Publish the page and share its address to collect some.'}
        </p>
      ) : (
        <>
          <table className={styles.table} aria-label="Sign-ups">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Signed up</th>
              </tr>
            </thead>
            <tbody>
              {data.signups.map((signup) => (
                <tr key={signup.email}>
                  <td className={styles.email}>{signup.email}</td>
                  <td className={styles.date}>{formatDate(signup.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={data.page}
            pageCount={data.totalPages}
            blocks={pageBlocks(data.page, data.totalPages)}
            onPageChange={setPageNumber}
            label="Sign-up pages"
          />
        </>
      )}
    </Card>
  );
}
