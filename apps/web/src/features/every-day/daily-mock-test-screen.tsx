import { PeriodScreen } from './period-screen';

/** /dailyMockTest (每日一练): today's test, its state and the way to the ranking (docs/daily-ranking.md). */
export default function DailyMockTestScreen() {
  return <PeriodScreen period="day" />;
}
