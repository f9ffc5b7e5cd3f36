@_exported import OneWay
