import { Outlet } from "react-router";

export default function GuestLayout() {
  return <Outlet />;
}
