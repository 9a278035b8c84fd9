import { Badge } from '../../../ui/badge';
import { Button, buttonClassName } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
import { ExternalIcon } from '../../../ui/icons';
import type { LandingPage } from '../api/pages-api';
import styles from './publish-card.module.css';

interface PublishCardProps {
  page: LandingPage;
  busy: boolean;
  /** The form holds changes that are not saved, so not on the web either. */
  unsaved: boolean;
  onPublishedChange: (published: boolean) => void;
}

/** Whether the page is on the web, where, and the switch to put it there or take it off. */
export function PublishCard({ page, busy, unsaved, onPublishedChange }: PublishCardProps) {
  return (
    <Card className={styles.card} data-testid="page-publishing">
      <div className={styles.layout}>
        <div className={styles.status}>
          <Badge tone={page.published ? 'success' : 'neutral'}>
            {page.published ? 'Published' : 'Draft'}
          </Badge>
          {page.published ? (
            <div className={styles.address}>
              <span className={styles.label}>Public address</span>
              <a
                href={page.url}
                className={styles.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="page-public-url"
              >
                {page.url}
              </a>
            </div>
          ) : (
            <p className={styles.text}>
              Not on the web yet: visitors get “not found”. Once published it lives at{' '}
              <span className={styles.mono}>{page.url}</span>.
            </p>
          )}
        </div>
        <div className={styles.actions}>
          {page.published ? (
            <>
              <CopyButton text={page.url} variant="outline" color="secondary">
                Copy address
              </CopyButton>
              <a
                href={page.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName({ variant: 'outline', color: 'secondary', size: 'sm' })}
              >
                <ExternalIcon size={14} />
                Open
              </a>
            </>
          ) : null}
          <Button
            size="sm"
            variant={page.published ? 'outline' : 'solid'}
            color={page.published ? 'secondary' : 'primary'}
            loading={busy}
            onClick={() => onPublishedChange(!page.published)}
          >
            {page.published ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      </div>
      {unsaved ? (
        <p className={styles.unsaved} role="status">
          You have unsaved changes: save them to put them on the web.
        </p>
      ) : null}
    </Card>
  );
}
