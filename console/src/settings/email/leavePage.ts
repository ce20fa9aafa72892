/** Sends the browser to another site (the provider's consent page). Its own module, so tests can replace it. */
export const browser = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};
