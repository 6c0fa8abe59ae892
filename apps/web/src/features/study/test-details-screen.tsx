import { TestDetailsScreen } from './test-details';

/** /testdetails?allTestID= : one question with its statistics (question first). */
export default function TestDetailsClassicScreen() {
  return <TestDetailsScreen layout="classic" />;
}
