#ifndef GATESPEED_CMOSQUITTO_SHIM_H
#define GATESPEED_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>

/* libmosquitto's status codes as plain ints (the enum imports as a struct in Swift). */
static inline int gs_mosq_success(void) { return MOSQ_ERR_SUCCESS; }
static inline int gs_mosq_no_connection(void) { return MOSQ_ERR_NO_CONN; }
static inline int gs_mosq_connection_lost(void) { return MOSQ_ERR_CONN_LOST; }
static inline int gs_mosq_errno(void) { return MOSQ_ERR_ERRNO; }
static inline int gs_mosq_protocol_v311(void) { return MQTT_PROTOCOL_V311; }
static inline int gs_mosq_option_protocol_version(void) { return MOSQ_OPT_PROTOCOL_VERSION; }

/* The network thread is created with explicit SCHED_OTHER, so it never inherits the frame
   loop's real-time priority (pthread_attr_setinheritsched takes a macro). Returns 0 or an errno. */
static inline int gs_spawn_normal_thread(pthread_t *thread, void *(*body)(void *), void *context) {
    pthread_attr_t attributes;
    int error = pthread_attr_init(&attributes);
    if (error != 0) return error;
    struct sched_param parameters;
    parameters.sched_priority = 0;
    error = pthread_attr_setinheritsched(&attributes, PTHREAD_EXPLICIT_SCHED);
    if (error == 0) error = pthread_attr_setschedpolicy(&attributes, SCHED_OTHER);
    if (error == 0) error = pthread_attr_setschedparam(&attributes, &parameters);
    if (error == 0) error = pthread_create(thread, &attributes, body, context);
    pthread_attr_destroy(&attributes);
    return error;
}
/* Names the calling thread (15 characters are kept), as `top -H` and the journal show it. */
static inline void gs_name_current_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
#endif
