/* drv_util.h -- driver tests' shared setup: a default-configuration model
 * device (watchdog off, as on the RTL) with the driver opened on it. */
#ifndef WQ_TEST_DRV_UTIL_H
#define WQ_TEST_DRV_UTIL_H
#include "wq/drv.h"

void tu_drv_up(wq_dev_t *dev, wq_drv_t *d);     /* asserts on failure */
void tu_drv_down(wq_dev_t *dev, wq_drv_t *d);

#endif
