// libmicrohttpd (GNU libmicrohttpd 0.9.x, Debian libmicrohttpd-dev): the pages' HTTP server.
#pragma once
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon's variadic options as plain parameters: listen on `address` (its port 0
/// picks a free one), a thread per connection under an internal listening thread, at most
/// `connection_limit` connections (`per_ip_limit` from one address), `timeout_seconds` of
/// inactivity per connection, `stack_bytes` per thread. `completed` is told when a request is over.
static inline struct MHD_Daemon *gs_mhd_start(const struct sockaddr *address,
                                              MHD_AccessHandlerCallback handler, void *handler_cls,
                                              MHD_RequestCompletedCallback completed, void *completed_cls,
                                              unsigned int connection_limit, unsigned int per_ip_limit,
                                              unsigned int timeout_seconds, size_t stack_bytes) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_THREAD_STACK_SIZE, stack_bytes,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (MHD_get_daemon_info is variadic); 0 when unknown.
static inline uint16_t gs_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The reader callback's end markers as typed constants (the macros are casts).
static const ssize_t gs_mhd_reader_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t gs_mhd_reader_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
/// MHD_SIZE_UNKNOWN: a body whose length is not known ahead (chunked).
static const uint64_t gs_mhd_size_unknown = MHD_SIZE_UNKNOWN;
