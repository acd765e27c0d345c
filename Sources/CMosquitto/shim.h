#ifndef GATESPEED_CMOSQUITTO_SHIM_H
#define GATESPEED_CMOSQUITTO_SHIM_H
#include <mosquitto.h>

/* libmosquitto's status codes as plain ints (the enum imports as a struct in Swift). */
static inline int gs_mosq_success(void) { return MOSQ_ERR_SUCCESS; }
static inline int gs_mosq_no_connection(void) { return MOSQ_ERR_NO_CONN; }
static inline int gs_mosq_connection_lost(void) { return MOSQ_ERR_CONN_LOST; }
static inline int gs_mosq_errno(void) { return MOSQ_ERR_ERRNO; }
static inline int gs_mosq_protocol_v311(void) { return MQTT_PROTOCOL_V311; }
static inline int gs_mosq_option_protocol_version(void) { return MOSQ_OPT_PROTOCOL_VERSION; }

#endif
