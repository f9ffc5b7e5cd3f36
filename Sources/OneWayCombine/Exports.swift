#if Combine
// What code written for OneWay 1.x needs from one import: OneWay itself (its stores, for the
// Combine bridges) and Combine, which is Combine on Apple platforms and OpenCombine elsewhere.
@_exported import OneWay
@_exported import OpenCombineShim
#endif
