import { TestDetailsScreen } from './test-details';

/** /newTestdetails?allTestID= : the newer layout of the same data (statistics first). */
export default function NewTestDetailsScreen() {
  return <TestDetailsScreen layout="new" />;
}
