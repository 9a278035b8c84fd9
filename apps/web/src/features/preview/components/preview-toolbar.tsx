import type { PageHttpStatus } from '@kindling/page-runtime';
import { Switch } from '../../../ui/switch';
import type { LoadStatus } from '../../../lib/preview/preview-state';
import {
  MODE_OPTIONS,
  SIZE_OPTIONS,
  type EditorMode,
  type PreviewSize,
} from '../../../lib/preview/preview-options';
import { PreviewStatus } from '../../../ui/preview-status';
import { SegmentedControl } from '../../../ui/segmented-control';
import styles from './preview-pane.module.css';

interface PreviewToolbarProps {
  size: PreviewSize;
  onSizeChange: (size: PreviewSize) => void;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  selecting: boolean;
  onSelectingChange: (selecting: boolean) => void;
  status: LoadStatus;
  httpStatus: PageHttpStatus | undefined;
}

export function PreviewToolbar(props: PreviewToolbarProps) {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Preview controls">
      <SegmentedControl
        legend="Preview size"
        name="preview-size"
        value={props.size}
        options={SIZE_OPTIONS}
        onChange={props.onSizeChange}
      />
      <SegmentedControl
        legend="Preview mode"
        name="preview-mode"
        value={props.mode}
        options={MODE_OPTIONS}
        onChange={props.onModeChange}
      />
      <Switch
        label="Select elements"
        showLabel
        size="sm"
        checked={props.selecting}
        onCheckedChange={props.onSelectingChange}
      />
      <span className={styles.spacer} />
      <PreviewStatus status={props.status} httpStatus={props.httpStatus} />
    </div>
  );
}
