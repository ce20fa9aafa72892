"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DemoTenants = void 0;
/**
 * Stable identifiers of the demo tenants, shared by the services' seeds so that a practice seeded by the
 * gateway and the leads seeded by people refer to the same ids. Never used for authorisation.
 */
exports.DemoTenants = {
    demoUserId: '0f3d2a9e-6b1c-4c8e-9d2a-1a7c5e3b9f01',
    otherUserId: '0f3d2a9e-6b1c-4c8e-9d2a-1a7c5e3b9f02',
    glowAestheticsId: '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01',
    northsideDentalId: '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a02',
    lakeviewPlasticSurgeryId: '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a03',
    /** Locations: the gateway seeds them; knowledge prices procedures and fees per location. */
    glowUptownLocationId: '7c1e4b2a-9d3f-4a6e-8b5c-2f1d0e9a8b01',
    glowPlanoLocationId: '7c1e4b2a-9d3f-4a6e-8b5c-2f1d0e9a8b02',
    northsideLincolnParkLocationId: '7c1e4b2a-9d3f-4a6e-8b5c-2f1d0e9a8b03',
    lakeviewSouthLakeUnionLocationId: '7c1e4b2a-9d3f-4a6e-8b5c-2f1d0e9a8b04',
    /** Public site keys of the demo practices' tracking snippet (fixed, so demo pages and benchmarks can post forms). */
    glowSiteKey: 'site_glow_demo',
    northsideSiteKey: 'site_northside_demo',
    lakeviewSiteKey: 'site_lakeview_demo',
};
//# sourceMappingURL=demo-tenants.js.map