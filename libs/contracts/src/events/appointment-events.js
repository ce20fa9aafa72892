"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=appointment-events.js.map