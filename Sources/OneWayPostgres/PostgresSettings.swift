#if Postgres
import Foundation
import PostgresNIO

/// Why the connection settings in the environment could not be used.
public struct PostgresSettingsError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, and what to do.
  public var description: String

  /// Creates an error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}

extension PostgresClient.Configuration {
  /// The connection settings of the environment, as server frameworks read them: `DATABASE_URL`
  /// (`postgres://user:password@host:port/database`, with an optional `?sslmode=disable`,
  /// `prefer` or `require`), or else `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`,
  /// `PGDATABASE` and `PGSSLMODE`.
  ///
  /// - Parameter environment: The variables; the process's by default.
  /// - Throws: A ``PostgresSettingsError`` that names the variable and what is wrong with it.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> PostgresClient.Configuration {
    if let url = environment["DATABASE_URL"], !url.isEmpty {
      return try Self(databaseURL: url)
    }
    let port = environment["PGPORT"] ?? "5432"
    guard let portNumber = Int(port), (1...65535).contains(portNumber) else {
      throw PostgresSettingsError("PGPORT is '\(port)', not a port number (1 to 65535).")
    }
    let user = environment["PGUSER"] ?? environment["USER"] ?? "postgres"
    return Self(
      host: environment["PGHOST"] ?? "127.0.0.1",
      port: portNumber,
      username: user,
      password: environment["PGPASSWORD"],
      database: environment["PGDATABASE"] ?? user,
      tls: try tls(environment["PGSSLMODE"], variable: "PGSSLMODE")
    )
  }

  /// The settings of a URL such as `postgres://user:password@host:5432/database`.
  ///
  /// - Throws: A ``PostgresSettingsError`` that says which part of the URL is wrong.
  public init(databaseURL url: String) throws {
    func invalid(_ problem: String) -> PostgresSettingsError {
      PostgresSettingsError(
        "DATABASE_URL is malformed: \(problem). Expected "
          + "postgres://user:password@host:port/database (password and port optional)."
      )
    }
    guard let components = URLComponents(string: url) else {
      throw invalid("it is not a URL")
    }
    guard let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme) else {
      throw invalid("the scheme must be postgres:// or postgresql://")
    }
    guard let host = components.host, !host.isEmpty else { throw invalid("it names no host") }
    guard let user = components.user, !user.isEmpty else { throw invalid("it names no user") }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else { throw invalid("port \(port) is out of range") }
    let database = String(components.path.drop { $0 == "/" })
    guard !database.isEmpty else { throw invalid("it names no database (the path)") }
    let mode = components.queryItems?.first { $0.name == "sslmode" }?.value
    self.init(
      host: host,
      port: port,
      username: user.removingPercentEncoding ?? user,
      password: components.password.map { $0.removingPercentEncoding ?? $0 },
      database: database.removingPercentEncoding ?? database,
      tls: try Self.tls(mode, variable: "DATABASE_URL's sslmode")
    )
  }

  private static func tls(_ mode: String?, variable: String) throws -> TLS {
    switch mode ?? "prefer" {
    case "disable": return .disable
    case "prefer", "allow": return .prefer(.makeClientConfiguration())
    case "require", "verify-ca", "verify-full": return .require(.makeClientConfiguration())
    case let other:
      throw PostgresSettingsError(
        "\(variable) is '\(other)'; use disable, prefer or require."
      )
    }
  }
}
#endif
