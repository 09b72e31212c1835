# Studies (issue 32; docs/studies.md): the driver and the study file in process, the
# command line (simulate equals cpex run bit for bit, bad inputs), HTTP with a real client
# on loopback, kill/restart loops and concurrent tellers.
cpex_add_test_program(cpex-study-tests integration study/study_driver_test.cpp study/study_undo_test.cpp)
target_link_libraries(cpex-study-tests PRIVATE nlohmann_json::nlohmann_json)
cpex_add_test_program(cpex-study-cli-tests cli study/study_cli_test.cpp study/study_objectives_test.cpp)
cpex_add_test_program(cpex-study-http-tests unit study/http_request_test.cpp)
target_link_libraries(cpex-study-cli-tests PRIVATE nlohmann_json::nlohmann_json)
# Script tests with Debian's python3 (standard library only: http.client, sqlite3).
add_test(NAME study-http
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/http_test.py $<TARGET_FILE:cpex-host>)
add_test(NAME study-cli-external
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/http_test.py $<TARGET_FILE:cpex-host> --cli)
set_tests_properties(study-http study-cli-external PROPERTIES LABELS cli TIMEOUT 300)
add_test(NAME study-kill
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/reliability_test.py $<TARGET_FILE:cpex-host> kill --kills 100)
add_test(NAME study-concurrent-tellers
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/reliability_test.py $<TARGET_FILE:cpex-host> concurrent)
add_test(NAME study-retry-after-kill
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/reliability_test.py $<TARGET_FILE:cpex-host> retry --kills 25)
set_tests_properties(study-kill study-concurrent-tellers study-retry-after-kill PROPERTIES LABELS cli TIMEOUT 600)
# The service left running (issue 41): the port, the token, browsers, limits, every error
# as JSON, slow and idle clients (short deadlines), voids and ids over HTTP.
add_test(NAME study-serve
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/serve_test.py $<TARGET_FILE:cpex-host>)
set_tests_properties(study-serve PROPERTIES LABELS cli TIMEOUT 120)
# The TLS reverse-proxy block of docs/studies.md, run with nginx (skipped without it).
add_test(NAME study-tls-proxy
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/study/tls_proxy_test.py $<TARGET_FILE:cpex-host>
                 ${PROJECT_SOURCE_DIR}/docs/studies.md)
set_tests_properties(study-tls-proxy PROPERTIES LABELS cli TIMEOUT 120 SKIP_RETURN_CODE 77)
# The study notebook (examples/notebooks/ab-test-study.ipynb), executed like the first one.
if(CPEX_PYTHON_MODULE_BUILT)
  add_test(NAME study-notebook
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/python/notebook_test.sh
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR} ${Python_EXECUTABLE} ab-test-study.ipynb)
  set_tests_properties(study-notebook PROPERTIES LABELS python TIMEOUT 600
                       ENVIRONMENT "PYTHONPATH=${PROJECT_BINARY_DIR}/share/cpex/python;PYTHONDONTWRITEBYTECODE=1")
endif()
