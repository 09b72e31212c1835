# Studies (issue 32; docs/studies.md): the driver and the study file in process, the
# command line (simulate equals cpex run bit for bit, bad inputs), HTTP with a real client
# on loopback, kill/restart loops and concurrent tellers.
cpex_add_test_program(cpex-study-tests integration study/study_driver_test.cpp)
target_link_libraries(cpex-study-tests PRIVATE cpex-study nlohmann_json::nlohmann_json)
