// Brands for tests of pure components and functions (a brand switcher, a form's values). Tests
// that talk to the service make their brands through `realService().world` instead.

export const GLOW_LAB = { id: '11111111-1111-4111-8111-111111111111', name: 'Glow Lab' };
export const NORTHWIND = { id: '22222222-2222-4222-8222-222222222222', name: 'Northwind Outdoors' };
export const PIXEL_COFFEE = { id: '33333333-3333-4333-8333-333333333333', name: 'Pixel Coffee' };
