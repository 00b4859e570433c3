export function App() {
  return <h1>Sportsbook</h1>;
}
