/* drv_util.c -- see drv_util.h. */
#include <criterion/criterion.h>
#include "drv_util.h"
#include "wq/model.h"

void tu_drv_up(wq_dev_t *dev, wq_drv_t *d)
{
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.watchdog = 0;
    cr_assert_eq(wq_dev_model_open(dev, &cfg, NULL), 0);
    cr_assert_eq(wq_drv_open(d, dev, NULL), WQ_OK);
}

void tu_drv_down(wq_dev_t *dev, wq_drv_t *d)
{
    wq_drv_close(d);
    wq_dev_close(dev);
}
