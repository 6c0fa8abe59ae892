import { Navigate, useLocation } from 'react-router';

/** /simulationTest: the old route of the 模拟考场 module, now /mnkcNew (docs/test-modes.md §2); the query is kept. */
export default function SimulationTestRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/mnkcNew${search}`} replace />;
}
