export function meta() {
  return [{ title: "Casino" }];
}

export default function Home() {
  return <main>Home</main>;
}
