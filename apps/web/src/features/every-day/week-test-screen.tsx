import { PeriodScreen } from './period-screen';

/** /weekTest (每周一测): this week's test (50 questions, 60 minutes, exam display), its state and the ranking (docs/daily-ranking.md). */
export default function WeekTestScreen() {
  return <PeriodScreen period="week" />;
}
