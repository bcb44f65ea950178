/** Merge & review: merge two entities, undo past merges, decide the review queue. */
import { MergeBox } from './merge-box';
import { MergeHistory } from './merge-history';
import { ReviewQueue } from './review-queue';

export function ReviewView() {
  return (
    <div className="stack">
      <MergeBox />
      <MergeHistory />
      <ReviewQueue />
    </div>
  );
}
