// The console's build and dev server. In development Vite serves the app and proxies the API and the live
// WebSocket to the gateway (GATEWAY_URL, default http://localhost:8080), so the browser sees one origin as it
// does in production, where the gateway serves the built files itself.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// 'View in GHL' opens contacts in this GHL app (console/src/calendar/ghl.ts; docs/product/calendar.md).
const ghlAppUrl = process.env.VITE_GHL_APP_URL || 'https://app.gohighlevel.com';

export default defineConfig({
  plugins: [react()],
  define: { __PP_GHL_APP_URL__: JSON.stringify(ghlAppUrl) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // One chunk for the framework libraries, cached across releases; the app's own code changes more often.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            // Only the lazily loaded calendar page uses FullCalendar (and its Preact): a chunk of its own.
            { name: 'fullcalendar', test: /node_modules[\\/](@fullcalendar|preact)[\\/]/ },
            // Only the lazily loaded analytics area draws charts (recharts and its d3 parts) and maps (Leaflet).
            // eventemitter3 is react-admin's as well: it stays with the vendor chunk, or every page would load
            // the charts.
            { name: 'vendor', test: /node_modules[\\/]eventemitter3[\\/]/ },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit)[\\/]/,
            },
            { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
