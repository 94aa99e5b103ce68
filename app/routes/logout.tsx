export default function Logout() {
  return <main />;
}
